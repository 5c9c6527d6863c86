package resource

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

// findLabel reads a live label by ospId; field names the request field.
func (s *Service) findLabel(ctx context.Context, ospID, field string) (*labelRow, error) {
	v := validate.New(ctx)
	v.Required(field, ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	l, err := s.store.getLabel(ctx, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("resource label")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return l, nil
}

// labels adds the translations to label rows (one query) and picks the
// text in the caller's language.
func (s *Service) labels(ctx context.Context, rows []labelRow) ([]Label, error) {
	out := make([]Label, len(rows))
	ids := make([]int64, len(rows))
	at := make(map[int64]int, len(rows))
	for i, l := range rows {
		ids[i], at[l.ID] = l.ID, i
		out[i] = Label{OspID: l.OspID, DefaultValue: l.DefaultValue, Text: l.DefaultValue, LabelTranslations: []LabelTranslation{},
			Active: l.Active, ResourceCount: l.ResourceCount}
	}
	ts, err := s.store.translations(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	lang := string(i18n.FromContext(ctx))
	for _, t := range ts {
		l := &out[at[t.LabelID]]
		l.LabelTranslations = append(l.LabelTranslations, LabelTranslation{LanguageCode: t.LanguageCode, Text: t.Text})
		if t.LanguageCode == lang {
			l.Text = t.Text
		}
	}
	return out, nil
}

// GetLabel returns a label.
func (s *Service) GetLabel(ctx context.Context, _ *access.Principal, ospID string) (*Label, error) {
	l, err := s.findLabel(ctx, ospID, "ospId")
	if err != nil {
		return nil, err
	}
	out, err := s.labels(ctx, []labelRow{*l})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// checkLabel: a defaultValue, and each of en, nl, fr, de at most once with
// a text (SPEC §5: translation inputs, each language used once).
func checkLabel(ctx context.Context, w LabelWrite) (string, []LabelTranslation, error) {
	v := validate.New(ctx)
	def := strings.TrimSpace(w.DefaultValue)
	if v.Required("defaultValue", def) {
		v.MaxLength("defaultValue", def, 100)
		plain(v, "defaultValue", def)
	}
	if len(w.LabelTranslations) > len(LabelLanguages) {
		v.Fail("labelTranslations", "rule.maxItems", len(LabelLanguages))
	}
	seen := map[string]bool{}
	ts := make([]LabelTranslation, 0, len(w.LabelTranslations))
	for i, t := range w.LabelTranslations {
		at := func(f string) string { return indexed("labelTranslations", i) + "." + f }
		if v.Required(at("languageCode"), t.LanguageCode) {
			v.OneOf(at("languageCode"), t.LanguageCode, LabelLanguages)
			if seen[t.LanguageCode] {
				v.Fail(at("languageCode"), "resource.rule.languageOnce")
			}
			seen[t.LanguageCode] = true
		}
		text := strings.TrimSpace(t.Text)
		if v.Required(at("text"), text) {
			v.MaxLength(at("text"), text, 100)
			plain(v, at("text"), text)
		}
		ts = append(ts, LabelTranslation{LanguageCode: t.LanguageCode, Text: text})
	}
	return def, ts, v.Err()
}

func defaultValueTaken(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("defaultValue", "rule.unique")
	return v.Err()
}

// CreateLabel adds an active label with its translations.
func (s *Service) CreateLabel(ctx context.Context, p *access.Principal, req LabelWrite) (*Label, error) {
	def, ts, err := checkLabel(ctx, req)
	if err != nil {
		return nil, err
	}
	osp := uuid.NewString()
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.store.insertLabel(ctx, osp, def, database.Now(s.clock.Now()))
		if err != nil {
			return err
		}
		return s.store.replaceTranslations(ctx, id, ts)
	})
	if database.IsUniqueViolation(err) {
		return nil, defaultValueTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.GetLabel(ctx, p, osp)
}

// UpdateLabel replaces a label's defaultValue and translations.
func (s *Service) UpdateLabel(ctx context.Context, p *access.Principal, req LabelUpdate) (*Label, error) {
	l, err := s.findLabel(ctx, req.OspID, "ospId")
	if err != nil {
		return nil, err
	}
	def, ts, err := checkLabel(ctx, req.LabelWrite)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.updateLabel(ctx, l.ID, def, database.Now(s.clock.Now())); err != nil {
			return err
		}
		return s.store.replaceTranslations(ctx, l.ID, ts)
	})
	if database.IsUniqueViolation(err) {
		return nil, defaultValueTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.GetLabel(ctx, p, req.OspID)
}

// FilterLabels pages through labels by defaultValue.
func (s *Service) FilterLabels(ctx context.Context, _ *access.Principal, req LabelFilterRequest) (*paging.Page[Label], error) {
	pg := req.Pagination.Normalize(defaultPageSize)
	rows, total, err := s.store.listLabels(ctx, req, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.labels(ctx, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// SetLabelActive activates or deactivates a label; an inactive label is
// no longer shown on resources, nor can it be given to one.
func (s *Service) SetLabelActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*Label, error) {
	l, err := s.findLabel(ctx, ospID, "ospId")
	if err != nil {
		return nil, err
	}
	if err := s.write(ctx, func(ctx context.Context) error {
		return s.store.setLabelActive(ctx, l.ID, active, database.Now(s.clock.Now()))
	}); err != nil {
		return nil, err
	}
	return s.GetLabel(ctx, p, ospID)
}

// DeleteLabel archives a label (see the package documentation).
func (s *Service) DeleteLabel(ctx context.Context, _ *access.Principal, ospID string) error {
	l, err := s.findLabel(ctx, ospID, "ospId")
	if err != nil {
		return err
	}
	return s.write(ctx, func(ctx context.Context) error { return s.store.archiveLabel(ctx, l.ID, database.Now(s.clock.Now())) })
}
