// Package inventory keeps stock for the Go service.
package inventory

import (
	"fmt"
	"sync"
)

// func GhostFunc() {}

// Store holds stock levels.
type Store struct {
	mu    sync.Mutex
	stock map[string]int
}

type Counter interface {
	Count(sku string) int
}

const (
	DefaultCapacity = 64
	MaxSku          = 1 << 10
)

// NewStore makes an empty store.
func NewStore() *Store {
	return &Store{stock: make(map[string]int, DefaultCapacity)}
}

// Add puts n units of sku in stock.
func (s *Store) Add(sku string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stock[sku] += n
}

func (s *Store) Count(sku string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stock[sku]
}

func (s *Store) String() string {
	return fmt.Sprintf(`store{func Fake() %d}`, len(s.stock))
}
