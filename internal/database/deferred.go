package database

import (
	"context"
	"sort"
)

// Deferred writes (issue 17): a read model that every posting moves by an
// increment (the monthly totals of the ledger and of the expenses) is
// written once per group-commit batch instead of once per posting. A
// posting of a batch hands its increments to the batch (Deferred.Add);
// the batch writes those of every posting that succeeded, in one
// statement per read model, just before its commit, in the same
// transaction. So the read model still moves in the transaction of the
// rows it counts, and a posting refused in its turn leaves nothing in it.
//
// What it saves: two statements (on PostgreSQL two round trips) of every
// posting's turn, and, as the increments of a company's rollup row are
// summed first, the batch takes that row's lock once, at its end, rather
// than from its first posting to its commit.
//
// When the batch's deferred writes fail (a deadlock with another
// process's transaction on PostgreSQL, or a sum a read model refuses),
// nothing of the batch is booked and each of its postings runs again
// alone. Outside a batch (a plain WithTx, a posting run again alone) Add
// writes at once. Nothing in a posting may read what it deferred: the read
// models deferred here are read by reports only, never by a posting.

// Deferred is one read model's deferred writer: Flush writes a list of
// increments in the transaction of ctx. Flush must sum the increments of
// one row before it writes (a batch may hold several of the same row)
// and should write rows in one fixed order, so two transactions take the
// rows' locks in that order and cannot deadlock on them. Name orders the
// read models of one batch's flush (fixed, for the same reason).
type Deferred[T any] struct {
	Name  string
	Flush func(ctx context.Context, rows []T) error
}

// Add writes rows now, or, in a group-commit batch's posting (ctx of a
// member), keeps them for the batch: written just before its commit if
// the posting succeeds, dropped with the posting's other writes if not.
func (d *Deferred[T]) Add(ctx context.Context, rows ...T) error {
	if len(rows) == 0 {
		return nil
	}
	st, ok := ctx.Value(memberKey{}).(*memberState)
	if !ok {
		return d.Flush(ctx, rows)
	}
	st.deferred.add(&deferredRows[T]{d: d, rows: rows})
	return nil
}

// deferredSet holds the increments of one member, then of its batch, by
// read model. It is used on the batch leader's goroutine only.
type deferredSet struct {
	byModel map[any]pending
}

// pending is one read model's increments; merge takes another list of
// the same read model.
type pending interface {
	model() any // the *Deferred it belongs to
	name() string
	merge(other pending)
	flush(ctx context.Context) error
}

type deferredRows[T any] struct {
	d    *Deferred[T]
	rows []T
}

func (p *deferredRows[T]) name() string { return p.d.Name }
func (p *deferredRows[T]) merge(other pending) {
	p.rows = append(p.rows, other.(*deferredRows[T]).rows...)
}
func (p *deferredRows[T]) flush(ctx context.Context) error { return p.d.Flush(ctx, p.rows) }

func (s *deferredSet) add(p pending) {
	key := p.model()
	if s.byModel == nil {
		s.byModel = map[any]pending{}
	}
	if have, ok := s.byModel[key]; ok {
		have.merge(p)
		return
	}
	s.byModel[key] = p
}

func (p *deferredRows[T]) model() any { return p.d }

// takeFrom adds every increment of another set (a member's that
// succeeded) and empties it.
func (s *deferredSet) takeFrom(o *deferredSet) {
	for _, p := range o.byModel {
		s.add(p)
	}
	o.byModel = nil
}

// flush writes every read model's increments, in the order of their names.
func (s *deferredSet) flush(ctx context.Context) error {
	if len(s.byModel) == 0 {
		return nil
	}
	list := make([]pending, 0, len(s.byModel))
	for _, p := range s.byModel {
		list = append(list, p)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name() < list[j].name() })
	for _, p := range list {
		if err := p.flush(ctx); err != nil {
			return err
		}
	}
	return nil
}

// SumRows is what a Deferred's Flush does first: the increments of one
// row (key) summed into one (add, which may refuse a sum), in the order
// of compare on their keys (so every transaction takes the rows' locks
// in one order).
func SumRows[T any, K comparable](rows []T, key func(T) K, compare func(a, b K) int, add func(into *T, from T) error) ([]T, error) {
	at := make(map[K]int, len(rows))
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		k := key(r)
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, r)
			continue
		}
		if err := add(&out[i], r); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return compare(key(out[i]), key(out[j])) < 0 })
	return out, nil
}
