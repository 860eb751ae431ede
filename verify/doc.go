// Package verify checks leaper-puzzle solutions (paths and numbered grids)
// against the rules independently of the solver: it shares no code with the
// search, so a bug there cannot hide a bug here.
package verify
