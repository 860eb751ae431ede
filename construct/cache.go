package construct

import (
	"container/list"
	"sync"
)

// lru is the package's one cache: a map bounded to limit entries that
// evicts the least recently used one, safe for concurrent use. Every cached
// answer in construct (block graphs, block paths, port lists, port
// decisions, s-t covers, the libraries themselves) lives in one, so the
// memory of a long-running process that constructs many boards stays
// bounded.
//
// Evicting an answer is always safe: every answer is a deterministic
// function of its key (fixed seeds, node budgets, one worker), so a miss
// recomputes it. A plan keeps references to what its walk needs, so
// eviction never makes a returned Walk incomplete.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	limit int
	m     map[K]*list.Element
	order list.List // front: most recently used; values are *lruEntry
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

func newLRU[K comparable, V any](limit int) *lru[K, V] {
	return &lru[K, V]{limit: max(limit, 1), m: make(map[K]*list.Element)}
}

// get returns the value stored for k and marks it recently used.
func (c *lru[K, V]) get(k K) (v V, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok {
		return v, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry[K, V]).val, true
}

// add stores v for k unless k already has a value, and returns the value
// now stored: when two goroutines compute the same key, the first answer
// stored is kept, so every caller sees one answer. It evicts the least
// recently used entry when the cache is full.
func (c *lru[K, V]) add(k K, v V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[K, V]).val
	}
	c.m[k] = c.order.PushFront(&lruEntry[K, V]{k, v})
	if c.order.Len() > c.limit {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.m, last.Value.(*lruEntry[K, V]).key)
	}
	return v
}

// resize drops every entry and sets a new bound (tests).
func (c *lru[K, V]) resize(limit int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = max(limit, 1)
	clear(c.m)
	c.order.Init()
}

// len returns the number of entries.
func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// remember returns c's value for key, computing it on a miss. A result that
// found nothing once ef is spent (or its context is done) may be for want
// of effort: it is returned but not remembered.
func remember[K comparable, V any](c *lru[K, V], key K, ef *effort, compute func() (v V, found bool)) V {
	if v, ok := c.get(key); ok {
		return v
	}
	v, found := compute()
	if !found && ef.spent() {
		return v
	}
	return c.add(key, v)
}
