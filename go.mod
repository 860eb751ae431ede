module github.com/boardgraph/boardgraph

go 1.26.0

require (
	github.com/neo4j/neo4j-go-driver/v5 v5.28.4
	golang.org/x/image v0.47.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
