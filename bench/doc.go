// Package bench holds the benchmarks that reproduce the result tables of the
// Diplomatico paper (§IV) and the counting benchmarks; paper.sh prints them
// beside the paper's figures. It has no non-test code.
package bench
