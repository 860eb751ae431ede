package main

import (
	"embed"
	"strings"
)

// helpFiles holds the -h texts of the subcommands, one file per command in
// the layout printUsage writes: a usage line, the description, examples.
//
//go:embed help/*.txt
var helpFiles embed.FS

// loadHelp reads the -h text of the command name ("count merge" is
// help/count-merge.txt). A missing or malformed file is a build mistake and
// panics at start-up; TestHelp runs every command's -h.
func loadHelp(name string) cmdHelp {
	b, err := helpFiles.ReadFile("help/" + strings.ReplaceAll(name, " ", "-") + ".txt")
	if err != nil {
		panic(err)
	}
	head, rest, ok1 := strings.Cut(string(b), "\n\n")
	about, examples, ok2 := strings.Cut(rest, "\n\nExamples:\n")
	usage, ok3 := strings.CutPrefix(head, "Usage: boardgraph "+name+" ")
	if !ok1 || !ok2 || !ok3 {
		panic("help/" + name + ".txt: want \"Usage: boardgraph " + name + " ...\", a blank line, the description, a blank line and \"Examples:\"")
	}
	h := cmdHelp{name: name, usage: usage, about: about}
	for _, ex := range strings.Split(strings.TrimRight(examples, "\n"), "\n") {
		if ex = strings.TrimPrefix(ex, "  "); ex != "" {
			h.examples = append(h.examples, ex)
		}
	}
	return h
}
