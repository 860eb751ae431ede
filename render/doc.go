// Package render draws boards, paths, per-cell heatmaps, edge-usage maps and
// numbered k-grids as SVG and PNG pictures, with deterministic output.
package render
