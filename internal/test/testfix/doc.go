// Package testfix holds what the tests of every package share: the one
// switch for long tests (BOARDGRAPH_LONG=1), the one skip under -short and
// the sizes picked by the run mode (Scale), tools that skip outside CI and
// fail under CI=true, the location of the test data kept in the repository
// (internal/testdata), files read and written with a fatal error, and the
// fixtures several packages' tests use alike (Tatham game IDs, Coelho
// instances, a serpentine path, a named pipe, a busy loopback port, board
// graphs). Only tests import it.
package testfix
