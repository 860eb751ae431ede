// Package web serves boardgraph in a browser ("boardgraph serve"): an
// embedded page for playing, solving and studying leaper puzzles and
// numbered k-grids, and a JSON API over the library packages with request
// limits, deadlines and a bounded number of solver jobs.
package web
