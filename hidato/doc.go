// Package hidato makes and grades Hidato-style numbering puzzles on leaper
// boards (Diplomatico/Hopido by default): givens whose unique completion is
// proved by an exact counter, graded by the named deductions a person needs;
// the same deductions give a player hint steps in words (Hinter).
package hidato
