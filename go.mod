module github.com/boardgraph/boardgraph

go 1.26.0

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/neo4j/neo4j-go-driver/v5 v5.28.4
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/text v0.43.0 // indirect
)
