// Package graphio reads undirected graphs (edge lists, DIMACS, TSPLIB HCP,
// GraphML, node-link JSON; detected by content) and streams graphs out as
// GraphML, DOT, node-link JSON, Neo4j import CSV, Cypher scripts and TSPLIB
// tours.
package graphio
