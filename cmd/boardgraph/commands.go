package main

import "github.com/boardgraph/boardgraph/internal/app/request"

// commandList is every subcommand, in the order "boardgraph help" lists
// them. Each is defined in its own file by the setup (or run) function
// named here, and its -h text is help/NAME.txt (register).
var commandList = []*command{
	{name: "analyze", summary: "analyse the whole solution space (counts, edges, symmetry classes, key states)", setup: runAnalyze},
	{name: "count", summary: "count the solutions exactly", setup: runCount,
		subs: map[string]*command{"merge": {name: "count merge", setup: runCountMerge}}},
	{name: "enumerate", summary: "stream every solution", setup: runEnumerate},
	{name: "export", summary: "write the graph as GraphML, DOT, JSON, Neo4j CSV or Cypher", setup: runExport},
	{name: "generate", summary: "make a Hidato-style puzzle with a unique solution and a difficulty", setup: runGenerate},
	{name: "grade", summary: "grade a Hidato-style puzzle by the deductions it needs", setup: runGrade},
	{name: "info", summary: "facts about the move graph and quick unsolvability proofs", setup: runInfo},
	{name: "neo4j", summary: "the paper's Cypher strategies: print them or run them on Neo4j", setup: runNeo4j},
	{name: "numberlink", summary: "numbered k-grids (Hashiwokakero): table, tau, phi, check, convert, solve, count, grade, generate, formula, min-k, tau-steps", run: runNumberlink},
	{name: "render", summary: "draw a solution, count table or k-grid as SVG/PNG", setup: runRender},
	{name: "serve", summary: "play, solve and study puzzles in the browser", setup: runServe},
	{name: "site", summary: "write the page as a static site that needs no server", setup: runSite},
	{name: "solve", summary: "find one solution (a numbered grid)", setup: runSolve},
	{name: "verify", summary: "check a numbered grid or a path file", setup: runVerify},
	{name: "version", summary: "print the program's version (also: boardgraph --version)", setup: runVersion},
}

// nlSubs is every "numberlink" subcommand, in the order "boardgraph
// numberlink -h" lists them: what it reads, whether it handles hex grids,
// its --format names and its setup (numberlink.go, numberlink_open.go).
// The last three are the seed's §4 open questions: formula (the Figure 5
// counts in closed form), min-k (the smallest solvable k) and tau-steps
// (the fewest τ steps and an order achieving them).
var nlSubs = []nlSub{
	{name: "table", kind: nlArgs, names: nlTextJSON, setup: nlTable},
	{name: "tau", kind: nlPuzzle, hex: true, names: nlTextJSON, setup: nlTau},
	{name: "phi", kind: nlPuzzle, names: nlTextJSON, setup: nlPhi},
	{name: "check", kind: nlRules, hex: true, names: nlTextJSON, setup: nlCheck},
	{name: "convert", kind: nlPuzzle, hex: true, names: request.PuzzleFormats, setup: nlConvert},
	{name: "solve", kind: nlProved, hex: true, names: nlTextJSON, setup: nlSolve},
	{name: "count", kind: nlProved, hex: true, names: nlTextJSON, setup: nlCount},
	{name: "grade", kind: nlProved, hex: true, names: nlTextJSON, setup: nlGrade},
	{name: "generate", kind: nlArgs, hex: true, names: request.PuzzleFormats, setup: nlGenerate},
	{name: "formula", kind: nlArgs, names: nlTextJSON, setup: nlFormula},
	{name: "min-k", kind: nlProved, hex: true, names: nlTextJSON, setup: nlMinK},
	{name: "tau-steps", kind: nlProved, hex: true, names: nlTextJSON, setup: nlTauSteps},
}

// commands finds a subcommand by its name.
var commands = map[string]*command{}

func init() {
	for _, c := range commandList {
		register(c)
	}
	for i := range nlSubs {
		nlSubs[i].help = loadHelp("numberlink " + nlSubs[i].name)
	}
}

// register indexes the command c by its name and loads its -h text and
// its subcommands'.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("boardgraph: duplicate command " + c.name)
	}
	c.help = loadHelp(c.name)
	for _, s := range c.subs {
		s.help = loadHelp(s.name)
	}
	commands[c.name] = c
}
