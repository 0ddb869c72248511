package main

import (
	"fmt"

	"example.com/acme/inventory"
)

func main() {
	store := inventory.NewStore()
	store.Add("A-1", 3)
	fmt.Println(store.Count("A-1"))
}
