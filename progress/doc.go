// Package progress words the snapshots that long searches and counts pass
// to their progress callbacks as one line a person can plan with: the time
// so far, the share of the work done, an estimate of the time left where
// the share supports one, the rate, and the solutions found so far. It
// formats; Printer writes the lines to a writer its caller gives (a
// command's stderr), throttled, as a live line on a terminal.
// Nothing here touches the process's own streams.
package progress
