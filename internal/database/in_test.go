package database

import (
	"fmt"
	"strings"
	"testing"
)

// InsertValues splits rows into statements of ValuesChunk rows, each
// with its rows' placeholders and arguments in order.
func TestInsertValuesChunks(t *testing.T) {
	n := 2*ValuesChunk + 1
	var sizes []int
	next := 0
	err := InsertValues(n, 2, func(i int, args []any) []any { return append(args, i, -i) },
		func(values string, args []any) error {
			rows := strings.Count(values, "(?, ?)")
			if rows*2 != len(args) || strings.Count(values, "?") != len(args) {
				t.Fatalf("%d rows of placeholders for %d arguments", rows, len(args))
			}
			for j := 0; j < len(args); j += 2 {
				if args[j] != next || args[j+1] != -next {
					t.Fatalf("row %d: arguments %v", next, args[j:j+2])
				}
				next++
			}
			sizes = append(sizes, rows)
			return nil
		})
	if err != nil || fmt.Sprint(sizes) != fmt.Sprint([]int{ValuesChunk, ValuesChunk, 1}) || next != n {
		t.Fatalf("chunks %v, %d rows, %v", sizes, next, err)
	}
}
