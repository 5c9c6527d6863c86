package template

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/validate"
)

// Render renders a platform mail for its recipient (mail.Renderer): the
// template that applies to the recipient — their company's override,
// else their partner's, else the platform's own edited in the portal,
// else the default shipped with the portal — in the version valid today
// (Europe/Brussels) in the recipient's language, else in English. The
// parameters are kept, secrets masked, for the preview.
func (s *Service) Render(ctx context.Context, m mail.Message) (mail.Rendered, error) {
	d, ok := Lookup(m.Name)
	if !ok {
		return mail.Rendered{}, fmt.Errorf("template: no predefined template %q", m.Name)
	}
	lang := string(m.Lang)
	if !containsString(Languages, lang) {
		lang = string(i18n.Default)
	}
	cv, err := s.applying(ctx, d, m.CompanyID, lang)
	if err != nil {
		return mail.Rendered{}, err
	}
	params := normalize(m.Data)
	subject, err := cv.subject.execute(params)
	if err != nil {
		return mail.Rendered{}, fmt.Errorf("template %s subject: %w", m.Name, err)
	}
	body, err := cv.body.execute(params)
	if err != nil {
		return mail.Rendered{}, fmt.Errorf("template %s body: %w", m.Name, err)
	}
	s.recent.remember(d, m.CompanyID, params, s.clock.Now())
	return mail.Rendered{Subject: subjectLine(subject), Body: body, HTML: cv.html}, nil
}

// applying picks the parsed version that renders d for a recipient of
// company companyID (0: none) in lang today.
func (s *Service) applying(ctx context.Context, d *Predefined, companyID int64, lang string) (*compiledVersion, error) {
	var owners []string
	if companyID != 0 {
		ca, err := s.companies.ResolveID(ctx, access.SystemScope(), companyID)
		if err != nil && !apperr.IsNotFound(err) {
			return nil, err
		}
		if ca != nil {
			owners = append(owners, fmt.Sprintf("company:%d", ca.ID), fmt.Sprintf("partner:%d", ca.PartnerID))
		}
	}
	owners = append(owners, "platform")
	langs := []string{lang}
	if lang != FallbackLanguage {
		langs = append(langs, FallbackLanguage)
	}
	cands, err := s.store.candidates(ctx, d.Name, owners, langs, s.today())
	if err != nil {
		return nil, err
	}
	for _, o := range owners {
		for _, l := range langs {
			for _, c := range cands {
				if c.OwnerKey != o || c.Language != l {
					continue
				}
				// the newest valid version of this owner and language
				cv, err := s.parsed(ctx, c, d)
				if err == nil {
					return cv, nil
				}
				// stored content the engine refuses now (a parameter the
				// portal no longer passes): the next in line renders it
				slog.Warn("template version not usable", "version", c.VersionID, "err", err)
				break
			}
		}
	}
	sv := shipped[d.Name+"/"+lang]
	if sv == nil {
		sv = shipped[d.Name+"/"+FallbackLanguage]
	}
	return &compiledVersion{subject: sv.subject, body: sv.body}, nil
}

// parsed answers a stored version parsed, from the cache or the database.
func (s *Service) parsed(ctx context.Context, c candidate, d *Predefined) (*compiledVersion, error) {
	if cv := s.cache.get(c.VersionID); cv != nil {
		return cv, nil
	}
	subject, body, err := s.store.versionText(ctx, c.VersionID)
	if err != nil {
		return nil, err
	}
	params := declare(d.Params)
	html := c.ContentType == ContentHTML
	sc, err := compile(subject, false, params)
	if err != nil {
		return nil, err
	}
	bc, err := compile(body, html, params)
	if err != nil {
		return nil, err
	}
	cv := &compiledVersion{subject: sc, body: bc, html: html}
	s.cache.put(c.VersionID, cv)
	return cv, nil
}

// Preview renders unsaved content (preview/render): with the parameters
// given, else the most recent ones of the predefined name in reach, else
// its samples. Content the engine refuses is a VALIDATION_FAILED naming
// subject or body, as a save would be.
func (s *Service) Preview(ctx context.Context, p *access.Principal, req RenderRequest) (*Preview, error) {
	v := validate.New(ctx)
	ps := &problems{lang: i18n.FromContext(ctx)}
	v.OneOf("contentType", req.ContentType, ContentTypes)
	var d *Predefined
	if req.PredefinedName != "" {
		var ok bool
		if d, ok = Lookup(req.PredefinedName); !ok {
			v.Fail("predefinedName", "template.rule.predefinedName")
		}
	}
	var params declared
	if d != nil {
		params = declare(d.Params)
	}
	html := req.ContentType == ContentHTML
	sc, bc := checkContent(ps, "", req.Subject, req.Body, html, params)
	if err := ps.err(v); err != nil {
		return nil, err
	}
	out := &Preview{ContentType: req.ContentType}
	switch {
	case req.Parameters != nil:
		out.Parameters = normalize(req.Parameters)
	case d != nil:
		recent, err := s.MostRecentParameters(ctx, p, ParametersRequest{PredefinedName: d.Name})
		if err != nil {
			return nil, err
		}
		out.Parameters, out.Sample = recent.Parameters, recent.Sample
	default:
		out.Parameters, out.Sample = map[string]any{}, true
	}
	var err error
	if out.Subject, err = sc.execute(out.Parameters); err != nil {
		ps.add("subject", refuse("template.rule.output", MaxOutputBytes))
	}
	if out.Body, err = bc.execute(out.Parameters); err != nil {
		ps.add("body", refuse("template.rule.output", MaxOutputBytes))
	}
	if err := ps.err(v); err != nil {
		return nil, err
	}
	out.Subject = subjectLine(out.Subject)
	return out, nil
}

// MostRecentParameters answers the parameters a predefined mail was last
// rendered with for a company in reach (platform staff: any, or none), or
// its sample parameters.
func (s *Service) MostRecentParameters(ctx context.Context, p *access.Principal, req ParametersRequest) (*Parameters, error) {
	v := validate.New(ctx)
	d, ok := Lookup(req.PredefinedName)
	if !ok {
		v.Fail("predefinedName", "template.rule.predefinedName")
		return nil, v.Err()
	}
	if err := s.FlushRecent(ctx); err != nil {
		return nil, apperr.Internal(err)
	}
	r, err := s.store.recent(ctx, p.Scope, d.Name)
	if err != nil && !database.IsNoRows(err) {
		return nil, apperr.Internal(err)
	}
	if err == nil {
		var params map[string]any
		if json.Unmarshal([]byte(r.Parameters), &params) == nil {
			// a parameter the portal passes since is shown by its sample
			for k, v := range d.samples() {
				if _, ok := params[k]; !ok {
					params[k] = v
				}
			}
			return &Parameters{Parameters: params, UsedOn: r.UsedAt.In(clock.Brussels).Format(time.RFC3339)}, nil
		}
	}
	return &Parameters{Parameters: d.samples(), Sample: true}, nil
}

// ---- recent parameters ----

type recentKey struct {
	name      string
	companyID int64
}

// recentBuffer keeps the newest parameters per name and company in
// memory until they are written: outside the mail's transaction, so
// recording them never holds a row lock in it (two transactions mailing
// the same company would otherwise wait on each other).
type recentBuffer struct {
	mu sync.Mutex
	m  map[recentKey]recentRow
}

// maxRecentJSON bounds what is kept of one mail's parameters.
const maxRecentJSON = 64 << 10

func (b *recentBuffer) remember(d *Predefined, companyID int64, params map[string]any, now time.Time) {
	raw, err := json.Marshal(d.masked(params))
	if err != nil || len(raw) > maxRecentJSON {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.m[recentKey{d.Name, companyID}] = recentRow{PredefinedName: d.Name, CorporateAccountID: companyID, Parameters: string(raw),
		UsedAt: database.Now(now)}
}

func (b *recentBuffer) take() []recentRow {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]recentRow, 0, len(b.m))
	for _, r := range b.m {
		out = append(out, r)
	}
	b.m = map[recentKey]recentRow{}
	return out
}

// FlushRecent writes the parameters kept in memory. It runs in a
// transaction of its own, so call it outside any other (the preview's
// reads, Run).
func (s *Service) FlushRecent(ctx context.Context) error {
	rows := s.recent.take()
	if len(rows) == 0 {
		return nil
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.saveRecent(ctx, rows) })
}

// Run writes the recent parameters every interval until ctx ends (the
// server runs it beside the mail sender, so another process's preview
// sees this one's mails).
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			_ = s.FlushRecent(context.WithoutCancel(ctx))
			return
		case <-t.C:
			if err := s.FlushRecent(ctx); err != nil && ctx.Err() == nil {
				slog.Warn("template recent parameters", "err", err)
			}
		}
	}
}

// ShippedRenderer renders mails from the defaults shipped with the portal
// alone, without the database's templates (tools and tests that build an
// outbox of their own).
type ShippedRenderer struct{}

// Render implements mail.Renderer.
func (ShippedRenderer) Render(_ context.Context, m mail.Message) (mail.Rendered, error) {
	d, ok := Lookup(m.Name)
	if !ok {
		return mail.Rendered{}, fmt.Errorf("template: no predefined template %q", m.Name)
	}
	lang := string(m.Lang)
	if !containsString(Languages, lang) {
		lang = string(i18n.Default)
	}
	sv := shipped[d.Name+"/"+lang]
	params := normalize(m.Data)
	subject, err := sv.subject.execute(params)
	if err != nil {
		return mail.Rendered{}, err
	}
	body, err := sv.body.execute(params)
	if err != nil {
		return mail.Rendered{}, err
	}
	return mail.Rendered{Subject: subjectLine(subject), Body: body}, nil
}
