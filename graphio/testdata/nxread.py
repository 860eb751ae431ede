"""Reads boardgraph's GraphML or node-link JSON export with NetworkX and
prints what NetworkX sees, as JSON: the nodes with their attributes, the
edges with theirs, and NetworkX's own degree of every node.

Usage: python3 nxread.py graphml|json FILE
"""
import inspect
import json
import sys

import networkx as nx

kind, path = sys.argv[1], sys.argv[2]
if kind == "graphml":
    g = nx.read_graphml(path)
else:
    with open(path) as f:
        data = json.load(f)
    # NetworkX 3.6 reads edges from "edges" unless told "links" (D3's name,
    # and NetworkX's before 3.4); 2.x takes link=.
    params = inspect.signature(nx.node_link_graph).parameters
    kw = {"edges": "links"} if "edges" in params else {}
    g = nx.node_link_graph(data, **kw)
out = {
    "version": nx.__version__,
    "directed": g.is_directed(),
    "multigraph": g.is_multigraph(),
    "nodes": {str(n): d for n, d in g.nodes(data=True)},
    "degree": {str(n): d for n, d in g.degree()},
    "edges": [[str(u), str(v), d] for u, v, d in g.edges(data=True)],
}
json.dump(out, sys.stdout)
