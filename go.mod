module github.com/boardgraph/boardgraph

go 1.26
