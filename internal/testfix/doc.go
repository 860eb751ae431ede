// Package testfix holds what the tests of every package share: the one
// switch for long tests (BOARDGRAPH_LONG=1), tools that skip outside CI and
// fail under CI=true, the location of the test data kept in the repository
// (internal/testdata), and the fixtures several packages' tests use alike
// (Tatham game IDs, Coelho instances, a serpentine path, a named pipe,
// board graphs). Only tests import it.
package testfix
