package construct

import (
	"cmp"
	"slices"
)

// side is where a unit's walk leaves it.
type side int8

const (
	sideRight side = iota + 1 // into the block to the right
	sideDown                  // into the block below
	sideLeft                  // into the block to the left
	sideUp                    // into the block above
	sideEnd                   // an open walk ends in this unit
	sideClose                 // a closed walk returns from here to its first cell
)

// portKey identifies the ports across one block boundary.
type portKey struct {
	h, w, h2, w2 int16
	out          side
}

// port is one way across a boundary: the exit x (a local cell of the block
// being left) is one move from the entry y (a local cell of the next block).
type port struct{ x, y int16 }

// reach is the longest coordinate of any move of the set: only cells that
// close to a boundary can have a move across it.
func (l *library) reach() int {
	r := 0
	for _, lp := range l.set.Leapers {
		r = max(r, lp.B)
	}
	return r
}

// offset is the origin of the next block relative to this one.
func offset(h, w, h2, w2 int, out side) (int, int) {
	switch out {
	case sideRight:
		return 0, w
	case sideDown:
		return h, 0
	case sideLeft:
		return 0, -w2
	default:
		return -h2, 0
	}
}

// portsFor lists every port from an h x w block across side out into the
// adjacent h2 x w2 block, exits nearest the middle of the side first (cells
// near a block's corners have the fewest moves, so paths ending there are the
// rarest). The list is computed once per key and shared.
func (l *library) portsFor(h, w, h2, w2 int, out side) []port {
	k := portKey{int16(h), int16(w), int16(h2), int16(w2), out}
	if ps, ok := l.ports.get(k); ok {
		return ps
	}
	dr0, dc0 := offset(h, w, h2, w2, out)
	type scored struct {
		p     port
		score int
	}
	var list []scored
	for r := range h {
		for c := range w {
			for _, v := range l.set.Vectors() {
				yr, yc := r+v.DR-dr0, c+v.DC-dc0
				if yr < 0 || yr >= h2 || yc < 0 || yc >= w2 {
					continue
				}
				// Distance of the exit from the middle of its side and
				// of the entry from the middle of the facing side.
				var s int
				if out == sideRight || out == sideLeft {
					s = abs(2*r-(h-1))*4 + abs(2*yr-(h2-1))
				} else {
					s = abs(2*c-(w-1))*4 + abs(2*yc-(w2-1))
				}
				list = append(list, scored{port{int16(r*w + c), int16(yr*w2 + yc)}, s})
			}
		}
	}
	slices.SortStableFunc(list, func(a, b scored) int { return cmp.Compare(a.score, b.score) })
	ps := make([]port, len(list))
	for i, s := range list {
		ps[i] = s.p
	}
	return l.ports.add(k, ps)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
