//go:build race

package testfix

// Race reports whether the tests were built with the race detector (-race),
// which slows them 2 to 20 times and changes what allocations count.
const Race = true
