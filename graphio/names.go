package graphio

import "strings"

// WriteFormats lists the names ParseWriteFormat takes, for messages.
const WriteFormats = "graphml, dot, json, csv, cypher, edgelist, dimacs or hcp"

// ParseWriteFormat reads the name of a format Write writes (csv: WriteCSV),
// case-insensitively: the read formats of ParseFormat and dot, cypher and
// csv.
func ParseWriteFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(s)); f {
	case DOT, Cypher, CSV:
		return f, nil
	}
	return ParseFormat(s)
}
