// Package oracle is a tiny brute-force Hamiltonian path and cycle counter for
// tests, and the shared table of small cases every fast counter must agree on.
package oracle
