// Package testfix holds what the tests of every package share: the one
// switch for long tests (BOARDGRAPH_LONG=1), tools that skip outside CI and
// fail under CI=true, and the location of the test data kept in the
// repository (internal/testdata). Only tests import it.
package testfix
