// Package verify checks solutions independently of the solvers: leaper
// paths, tours and numbered grids (Path, StreamText, StreamBinary) and
// numbered k-grids, square (KGrid) and hexagonal (HexGrid). It imports only the standard library
// (TestStdlibOnly), so it shares no code with the search.
package verify
