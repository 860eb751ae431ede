# Hashiwokakero (a numbered k-grid, k bridges at most per pair) as a mixed
# integer program in GNU MathProg, written for boardgraph's benchmark against
# GLPK (scripts/glpkhashi). The data section comes from main.go: the islands,
# their numbers, the pairs of facing islands and the pairs of pairs whose
# segments cross.
#
# Variables: x[i,j] in 0..k bridges on the pair (i,j); y[i,j] = 1 when the
# pair carries a bridge; f[i,j,d] a flow along the pair (d = 0 from i to j,
# d = 1 from j to i). Connectivity is a single-commodity flow: the root island
# sends one unit to every other island, and flow may only use pairs that
# carry a bridge, so every island is joined to the root.

param n integer > 0;
set I := 1..n;
param mag{I} integer >= 1;
param k integer >= 1;
param root integer in I, default 1;
set P dimen 2;
set X dimen 4;

var x{(i,j) in P} integer >= 0, <= k;
var y{(i,j) in P} binary;
var f{(i,j) in P, d in 0..1} >= 0;

# A feasibility problem: any solution is optimal.
minimize none: 0 * sum{(i,j) in P} y[i,j];

# Each island has exactly its number of bridges.
s.t. degree{v in I}:
    sum{(i,j) in P: i = v or j = v} x[i,j] = mag[v];

# y[i,j] = 1 exactly when the pair carries at least one bridge.
s.t. upper{(i,j) in P}: x[i,j] <= k * y[i,j];
s.t. lower{(i,j) in P}: x[i,j] >= y[i,j];

# Bridges do not cross.
s.t. nocross{(i,j,u,v) in X}: y[i,j] + y[u,v] <= 1;

# Flow only along drawn pairs, at most n-1 units.
s.t. capacity{(i,j) in P, d in 0..1}: f[i,j,d] <= (n - 1) * y[i,j];

# The root sends n-1 units, every other island keeps one.
s.t. balance{v in I}:
    sum{(i,j) in P: i = v} (f[i,j,0] - f[i,j,1])
  + sum{(i,j) in P: j = v} (f[i,j,1] - f[i,j,0])
  = if v = root then n - 1 else -1;

solve;

printf{(i,j) in P: x[i,j] > 0.5} "BRIDGE %d %d %d\n", i, j, round(x[i,j]);
end;
