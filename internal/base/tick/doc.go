// Package tick calls a function at a fixed interval in its own goroutine
// until told to stop: the progress reports of long searches and counts.
package tick
