//go:build !js

package hamilton

// deepStages are the rules of deepPrecheck by stage, cheapest first.
var deepStages = [2][]func(*Problem, []int32) *Reason{{flowRule}, {separatorRule, separator3Rule}}
