// Package moves provides leaper move sets (the Diplomatico/Hopido moves, the
// knight, any (a,b)-leaper and unions of them) and turns a board and a move
// set into a graph.
package moves
