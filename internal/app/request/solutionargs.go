package request

import (
	"fmt"
	"io"
	"strings"

	"github.com/boardgraph/boardgraph/board"
)

// SolutionArgs splits the arguments of a command that checks a solution
// (verify) into a board size and a solution file: an argument that reads
// as a size (5x5) and is not the name of a file is the size; at most one
// of each ("" for none).
func SolutionArgs(args []string, src Source) (spec, file string, err error) {
	for _, a := range args {
		switch {
		case IsSpec(a) && !src.exists(a) && spec == "":
			spec = a
		case file == "":
			file = a
		default:
			return "", "", fmt.Errorf("%w: unexpected argument %q; give at most a board size and one solution file", ErrInput, a)
		}
	}
	return spec, file, nil
}

// SolutionBoard returns the board a solution is checked or drawn on: the
// size spec's or the board file's (ReadBoard), or nil when neither is
// given and the solution must carry its own. The board file and the
// solution cannot both be standard input ("-"; a solution "" is stdin
// too); flag names the option that names the solution in the message
// ("" when it is an argument).
func SolutionBoard(spec, boardFile, solution, flag string, src Source) (*board.Board, error) {
	if spec == "" && boardFile == "" {
		return nil, nil
	}
	if boardFile == "-" && (solution == "" || solution == "-") {
		name := "file"
		if flag != "" {
			name = "with " + flag + " FILE"
		}
		return nil, fmt.Errorf("%w: --board - and the solution cannot both come from stdin; name the solution %s", ErrInput, name)
	}
	return ReadBoard(spec, boardFile, src)
}

// Reader opens the input called name for streaming: "-" or "" is Stdin
// (the returned close leaves it open), any other name a file. what names
// the input in messages ("the solution"); errors wrap ErrInput.
func (s Source) Reader(name, what string) (io.Reader, func(), error) {
	if name == "" || name == "-" {
		if s.Stdin == nil {
			return strings.NewReader(""), func() {}, nil
		}
		return s.Stdin, func() {}, nil
	}
	rc, err := s.open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: cannot read %s: %w; check the file name", ErrInput, what, err)
	}
	return rc, func() { rc.Close() }, nil
}
