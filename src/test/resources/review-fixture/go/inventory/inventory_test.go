package inventory

import "testing"

func TestAdd(t *testing.T) {
	s := NewStore()
	s.Add("a", 1)
	if s.Count("a") != 1 {
		t.Fatal("count")
	}
}
