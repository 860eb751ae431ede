// Package lowerbound checks the lower bound of the Diplomatico paper
// (Proposition II.2, proved in its Appendix A) and builds the tilings its
// proof describes.
//
// The paper tiles an n x m board with blocks of 5..9 rows and columns and
// chains one Winning Path per block: Lemma A.1 (paths from v_{3,1} to
// v_{3,m-2}) joins a block to its right neighbour, Lemma A.3 (v_{3,1} to
// v_{n,m}) joins the last block of a row to the column-mirrored block below.
// With at least two paths per block, N(n x m) >= 2^((n/5)*(m/5)) >=
// 2^((n-4)(m-4)/25).
//
// Lemma A.1 is false: 5x7 and 7x5 have no path from v_{3,1} to v_{3,m-2}
// (the count package's lemma test enumerates all 25 sizes). Lemma A.3
// holds. The repair, RepairedA1, ends the block at v_{5,m-1}, one diagonal
// move (2,2) from v_{3,m+1}, so Lemma A.2's join is unchanged; it holds on
// every size, and Tile builds the whole chain, which the tests check with
// package verify on every board up to 16x16 (24x24 with BOARDGRAPH_LONG=1). Both A.1'
// and A.3 have at least 28 paths on every block size, exactly 28 on 5x5,
// so the corrected and strengthened statement is
//
//	N(n x m) >= 28^((n/5)*(m/5)) >= 28^((n-4)(m-4)/25)   for n, m >= 5
//
// (directed Winning Paths; integer division; Bound gives the product of the
// actual per-block counts). It is still far from the truth: 7x7 has one
// block, so the bound says 28, while the exact count is 8,642,871,600
// (docs/results.md).
package lowerbound
