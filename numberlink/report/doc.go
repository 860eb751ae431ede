// Package report builds the results the boardgraph numberlink subcommands
// print, from package numberlink's engines: τ (§3.2) with its steps, Φ for
// one node (§2.2), the Figure 5 table (§3.1), a verified solution with the
// verdict on its uniqueness, solution counts, grades, generated puzzles
// proved unique, and the §4 open questions (closed-form counts, the
// smallest k, the fewest τ steps).
//
// Each report is a struct whose JSON form is the command's JSON output
// (keys in the order the command has always written them; encode with
// format.WriteJSON, which adds the program version) and whose WriteText
// method writes the command's text output. Every solution a report holds
// has passed the independent verifier; one that fails is an error wrapping
// ErrSelfCheck, a bug, never bad input.
package report
