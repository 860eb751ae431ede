// Package graph provides a compact undirected graph in compressed sparse row
// form and the structural queries the solvers need: degrees, connected
// components, bipartition and articulation points.
package graph
