// Package auth signs users in and out: argon2id-hashed passdigests,
// rotating random tokens stored hashed, TOTP two-factor, blocking after
// consecutive failures, rate limits, and password and login resets by mail.
package auth

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/config"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/validate"
)

// Limits of sign-in (SPEC §5, §9 and the issue: blocked at 5 consecutive
// failures).
const (
	MaxFailedLogins   = constants.MaxFailedLogins
	PasswordMinLength = constants.PasswordMinLength
	ResetTokenTTL     = constants.ResetTokenTTL
	rateWindow        = 5 * time.Minute
)

// Service is the sign-in service.
type Service struct {
	db      *database.DB
	store   *store
	limiter *limiter
	hasher  Hasher
	clock   clock.Clock
	outbox  *mail.Outbox
	cfg     *config.Config

	// Attempts allowed per rate window, per login and per client address.
	PerLoginLimit   int
	PerAddressLimit int

	dummyHash string

	principals principalCache
}

// NewService wires the sign-in service.
func NewService(db *database.DB, cfg *config.Config, c clock.Clock, outbox *mail.Outbox) *Service {
	h := Hasher{MemoryKiB: cfg.Argon2MemoryKiB, Time: cfg.Argon2Time, Threads: cfg.Argon2Threads}
	dummy, _ := h.Hash(Digest("no such user"))
	return &Service{
		db: db, store: newStore(db), limiter: &limiter{db: db, window: rateWindow},
		hasher: h, clock: c, outbox: outbox, cfg: cfg,
		PerLoginLimit: cfg.LoginLimitPerAccount, PerAddressLimit: cfg.LoginLimitPerAddress, dummyHash: dummy,
	}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func (s *Service) msg(ctx context.Context, key string) string {
	return i18n.T(i18n.FromContext(ctx), key)
}

// NormalizeLogin is how logins are compared: trimmed, lowercase.
func NormalizeLogin(login string) string { return strings.ToLower(strings.TrimSpace(login)) }

// needsTwoFactor: an admin whose own flag or whose company's flag says so.
func (id *identity) needsTwoFactor() bool { return id.TwoFactorEnabled || id.CompanyTwoFactor }

// portalUser tells whether the user may hold a portal session at all (an
// admin with an admin role; never an app user, whatever their roles). Login,
// refresh and every token check ask it, so a role granted to an app user
// can open no door.
func (id *identity) portalUser() bool { return access.IsPortalUser(id.UserType, id.Roles) }

func (s *Service) rateLimit(ctx context.Context, buckets map[string]int) error {
	for bucket, max := range buckets {
		ok, err := s.limiter.allow(ctx, bucket, max, s.now())
		if err != nil {
			return apperr.Internal(err)
		}
		if !ok {
			return apperr.New(apperr.KindTooManyRequests, apperr.LabelTooManyAttempts, s.msg(ctx, "error.tooMany"))
		}
	}
	return nil
}

// Login checks credentials and, when needed, the two-factor code.
func (s *Service) Login(ctx context.Context, req LoginRequest, clientAddr string) (*LoginResponse, error) {
	v := validate.New(ctx)
	v.Required("username", req.Username)
	if v.Required("passdigest", req.Passdigest) && !IsDigest(req.Passdigest) {
		v.Fail("passdigest", "rule.invalid")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	login := NormalizeLogin(req.Username)
	if err := s.rateLimit(ctx, map[string]int{"login:" + login: s.PerLoginLimit, "addr:" + clientAddr: s.PerAddressLimit}); err != nil {
		return nil, err
	}
	wrong := apperr.Unauthorized(apperr.LabelWrongCredentials, s.msg(ctx, "error.wrongCredentials"))

	id, err := s.store.identityByLogin(ctx, login)
	if database.IsNoRows(err) {
		_, _ = s.hasher.Verify(s.dummyHash, req.Passdigest) // same cost as a real check
		return nil, wrong
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if id.Blocked {
		return nil, apperr.Forbidden(s.msg(ctx, "error.blocked")).WithLabel(apperr.LabelUserBlocked)
	}
	if id.PasswordHash == nil {
		return nil, wrong
	}
	ok, err := s.hasher.Verify(*id.PasswordHash, req.Passdigest)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if !ok {
		return nil, s.fail(ctx, id, wrong)
	}
	if !id.portalUser() || !id.Active {
		return nil, apperr.Forbidden(s.msg(ctx, "error.noPortalAccess")).WithLabel(apperr.LabelNoPortalAccess)
	}

	if id.needsTwoFactor() {
		resp, err := s.checkSecondFactor(ctx, id, req.Code2fa)
		if resp != nil || err != nil {
			return resp, err
		}
	}
	if err := s.store.clearFailures(ctx, id.UserID); err != nil {
		return nil, apperr.Internal(err)
	}
	tr, err := s.startSession(ctx, id.UserID)
	if err != nil {
		return nil, err
	}
	return &LoginResponse{Token: tr.Token, RefreshToken: tr.RefreshToken, ExpiresIn: tr.ExpiresIn}, nil
}

// fail counts a failure; the one that reaches the limit answers USER_BLOCKED.
func (s *Service) fail(ctx context.Context, id *identity, err error) error {
	blocked, dbErr := s.store.recordFailure(ctx, id.UserID, MaxFailedLogins)
	if dbErr != nil {
		return apperr.Internal(dbErr)
	}
	if blocked {
		return apperr.Forbidden(s.msg(ctx, "error.blocked")).WithLabel(apperr.LabelUserBlocked)
	}
	return err
}

// checkSecondFactor returns a response when the caller must (still) enter
// a code, an error for a wrong code, or neither when the code is right.
func (s *Service) checkSecondFactor(ctx context.Context, id *identity, code string) (*LoginResponse, error) {
	login := ""
	if id.Login != nil {
		login = *id.Login
	}
	if !id.TOTPConfirmed {
		// Enrolment: keep one pending secret until a code confirms it, so a
		// QR code scanned on an earlier attempt keeps working.
		secret := ""
		if id.TOTPSecret != nil {
			secret = *id.TOTPSecret
		} else {
			sec, _, err := newTOTPSecret(login)
			if err != nil {
				return nil, apperr.Internal(err)
			}
			if err := s.store.setPendingTOTP(ctx, id.UserID, sec); err != nil {
				return nil, apperr.Internal(err)
			}
			secret = sec
		}
		if strings.TrimSpace(code) == "" {
			u, err := totpURL(login, secret)
			if err != nil {
				return nil, apperr.Internal(err)
			}
			qr, err := qrDataURL(u)
			if err != nil {
				return nil, apperr.Internal(err)
			}
			return &LoginResponse{TwoFactorRequired: true, QRCode2fa: qr, Secret2fa: secret}, nil
		}
		id.TOTPSecret = &secret
	} else if strings.TrimSpace(code) == "" {
		return &LoginResponse{TwoFactorRequired: true}, nil
	}
	wrongCode := apperr.Unauthorized(apperr.LabelWrong2FACode, s.msg(ctx, "error.wrong2fa"))
	step := matchTOTP(*id.TOTPSecret, code, s.clock.Now())
	if step == 0 {
		return nil, s.fail(ctx, id, wrongCode)
	}
	fresh, err := s.store.useTOTPStep(ctx, id.UserID, step)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if !fresh { // the code was already used: a replay
		return nil, s.fail(ctx, id, wrongCode)
	}
	return nil, nil
}

func (s *Service) startSession(ctx context.Context, userID int64) (*TokenResponse, error) {
	var tr *TokenResponse
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		sid, err := s.store.createSession(ctx, userID, s.now())
		if err != nil {
			return err
		}
		tr, err = s.issueTokens(ctx, sid)
		return err
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return tr, nil
}

func (s *Service) issueTokens(ctx context.Context, sessionID int64) (*TokenResponse, error) {
	access, accessHash := newToken()
	refresh, refreshHash := newToken()
	now := s.now()
	if err := s.store.addToken(ctx, sessionID, accessHash, "access", now.Add(s.cfg.AccessTokenTTL)); err != nil {
		return nil, err
	}
	if err := s.store.addToken(ctx, sessionID, refreshHash, "refresh", now.Add(s.cfg.RefreshTokenTTL)); err != nil {
		return nil, err
	}
	return &TokenResponse{Token: access, RefreshToken: refresh, ExpiresIn: int(s.cfg.AccessTokenTTL.Seconds())}, nil
}

// Refresh trades a refresh token for a new pair. A refresh token works
// once; presenting a used one again ends the whole session, since either
// the owner or a thief holds a copy.
func (s *Service) Refresh(ctx context.Context, refreshToken string) (*TokenResponse, error) {
	invalid := apperr.Unauthorized(apperr.LabelRefreshInvalid, "refresh token is not valid")
	if refreshToken == "" {
		return nil, invalid
	}
	hash := hashToken(refreshToken)
	var tr *TokenResponse
	replayed := false
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		ti, err := s.store.identityByToken(ctx, hash)
		if database.IsNoRows(err) {
			return invalid
		}
		if err != nil {
			return err
		}
		now := s.now()
		if ti.Kind != "refresh" || ti.SessionEnded != nil || !ti.ExpiresAt.After(now) || !ti.Active || ti.Blocked || !ti.portalUser() {
			return invalid
		}
		fresh, err := s.store.useRefreshToken(ctx, hash, now)
		if err != nil {
			return err
		}
		if !fresh {
			// commit the revocation, then answer as any invalid token
			replayed = true
			return s.store.revokeSession(ctx, ti.SessionID, now)
		}
		tr, err = s.issueTokens(ctx, ti.SessionID)
		return err
	})
	if err == nil && replayed {
		return nil, invalid
	}
	if err != nil {
		if apperr.As(err) != nil {
			return nil, err
		}
		return nil, apperr.Internal(err)
	}
	return tr, nil
}

// Authenticate turns an access token into the principal, or a 401. A
// principal read before is reused while the sign-in epoch has not moved
// (cache.go); the epoch is read first, so a principal cached now is
// trusted only until the next change after that read.
func (s *Service) Authenticate(ctx context.Context, token string) (*access.Principal, error) {
	p, _, err := s.authenticate(ctx, token)
	return p, err
}

// authenticate is Authenticate that also answers the epoch it read, which
// Guard hands on to the request's reads (database.WithEpoch).
func (s *Service) authenticate(ctx context.Context, token string) (*access.Principal, int64, error) {
	unauthorized := apperr.Unauthorized(apperr.LabelUnauthorized, "sign-in required")
	if token == "" {
		return nil, 0, unauthorized
	}
	hash := hashToken(token)
	epoch, err := s.store.authEpoch(ctx)
	if err != nil {
		return nil, 0, apperr.Internal(err)
	}
	c, ok := s.principals.Get(epoch, hash)
	if !ok {
		ti, err := s.store.identityByToken(ctx, hash)
		if database.IsNoRows(err) {
			return nil, 0, unauthorized
		}
		if err != nil {
			return nil, 0, apperr.Internal(err)
		}
		if ti.Kind != "access" || ti.SessionEnded != nil || !ti.Active || ti.Blocked || !ti.portalUser() {
			return nil, 0, unauthorized
		}
		c = cachedPrincipal{principal: *principalOf(&ti.identity, ti.SessionID), expiresAt: ti.ExpiresAt}
		s.principals.Put(epoch, hash, c)
	}
	// the expiry is checked at every use, cached or not
	if !c.expiresAt.After(s.now()) {
		return nil, 0, apperr.Unauthorized(apperr.LabelTokenExpired, "access token expired")
	}
	p := c.principal
	p.Roles = slices.Clone(p.Roles)
	return &p, epoch, nil
}

// PlatformSegment stands in for the partner and tenant of platform staff in
// the segmented session id, making them MSP by SPEC §6's rule.
const PlatformSegment = "osp"

func principalOf(id *identity, sessionID int64) *access.Principal {
	p := &access.Principal{UserID: id.UserID, UserOspID: id.OspID, SessionID: sessionID,
		Firstname: id.Firstname, Lastname: id.Lastname, Email: id.Email, Language: id.Language, Roles: id.Roles, PartnerOspID: PlatformSegment, TenantOspID: PlatformSegment}
	if id.Login != nil {
		p.Login = *id.Login
	}
	if id.PartnerOspID != nil {
		p.PartnerOspID = *id.PartnerOspID
	}
	if id.TenantOspID != nil {
		p.TenantOspID = *id.TenantOspID
	}
	switch {
	case p.IsOspAdmin():
		p.Scope = access.Scope{All: true}
	case id.CorporateAccountID != nil:
		p.Scope = access.Scope{CorporateAccountID: *id.CorporateAccountID}
	case id.PartnerID != nil:
		p.Scope = access.Scope{PartnerID: *id.PartnerID}
	}
	return p
}

// Logout ends the principal's session: its tokens stop working.
func (s *Service) Logout(ctx context.Context, p *access.Principal) error {
	if err := s.store.revokeSession(ctx, p.SessionID, s.now()); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// ResetLogin mails the login(s) of an address. It answers the same whether
// or not an account exists, so it tells nobody which addresses are known.
func (s *Service) ResetLogin(ctx context.Context, req ResetLoginRequest, clientAddr string) error {
	v := validate.New(ctx)
	if v.Required("email", req.Email) {
		v.Email("email", strings.TrimSpace(req.Email))
	}
	if err := v.Err(); err != nil {
		return err
	}
	email := strings.ToLower(strings.TrimSpace(req.Email))
	if err := s.rateLimit(ctx, map[string]int{"reset-login:" + email: 5, "addr:" + clientAddr: s.PerAddressLimit}); err != nil {
		return err
	}
	ids, err := s.store.identitiesByEmail(ctx, email)
	if err != nil {
		return apperr.Internal(err)
	}
	var logins []string
	lang := i18n.Lang("")
	// the mail uses the templates of the first login's company, in its
	// owner's language
	var companyID int64
	for _, id := range ids {
		if id.portalUser() && id.Login != nil {
			logins = append(logins, *id.Login)
			if lang == "" {
				lang = i18n.Lang(id.Language)
				if id.CorporateAccountID != nil {
					companyID = *id.CorporateAccountID
				}
			}
		}
	}
	if len(logins) == 0 {
		return nil
	}
	if err := s.outbox.Enqueue(ctx, mail.Message{To: email, Name: "reset_login", Lang: lang, CompanyID: companyID,
		Data: map[string]any{"Logins": logins, "OneLogin": len(logins) == 1, "URL": s.cfg.PublicURL}}); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// ResetPassword mails a one-time link, valid for an hour, to set a new
// password. Like ResetLogin it never tells whether the login exists.
func (s *Service) ResetPassword(ctx context.Context, req ResetPasswordRequest, clientAddr string) error {
	v := validate.New(ctx)
	v.Required("login", req.Login)
	if err := v.Err(); err != nil {
		return err
	}
	login := NormalizeLogin(req.Login)
	if err := s.rateLimit(ctx, map[string]int{"reset-password:" + login: 5, "addr:" + clientAddr: s.PerAddressLimit}); err != nil {
		return err
	}
	id, err := s.store.identityByLogin(ctx, login)
	if database.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return apperr.Internal(err)
	}
	if !id.portalUser() || id.Email == "" {
		return nil
	}
	plain, hash := newToken()
	link := fmt.Sprintf("%s/set-new-password?token=%s", s.cfg.PublicURL, url.QueryEscape(plain))
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		// Only the newest link works: a link still lying in a mailbox (or
		// in an attacker's) stops working once a newer one is asked for.
		// Sessions stay: anyone may ask a link for any login, and asking
		// must not sign the owner out.
		if err := s.store.endResetTokens(ctx, id.UserID, s.now()); err != nil {
			return err
		}
		if err := s.store.addResetToken(ctx, id.UserID, hash, s.now().Add(ResetTokenTTL)); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, mail.Message{To: id.Email, Name: "reset_password", Lang: i18n.Lang(id.Language), CompanyID: companyOf(id),
			Data: map[string]any{"Name": strings.TrimSpace(id.Firstname + " " + id.Lastname), "Login": login, "Link": link}})
	})
	if err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// ConfirmReset sets the new password of a reset link's user. It also lifts
// a block and ends every session and every other reset link of the user.
func (s *Service) ConfirmReset(ctx context.Context, req ConfirmResetRequest) error {
	v := validate.New(ctx)
	v.Required("token", req.Token)
	if v.Required("newPassword", req.NewPassword) {
		v.MinLength("newPassword", req.NewPassword, PasswordMinLength)
	}
	if err := v.Err(); err != nil {
		return err
	}
	hash, err := s.hasher.Hash(Digest(req.NewPassword))
	if err != nil {
		return apperr.Internal(err)
	}
	invalid := apperr.Invalid(apperr.LabelResetTokenInvalid, "token", s.msg(ctx, "error.resetInvalid"))
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		now := s.now()
		userID, err := s.store.useResetToken(ctx, hashToken(req.Token), now)
		if err != nil {
			return err
		}
		if userID == 0 {
			return invalid
		}
		if err := s.store.setPasswordHash(ctx, userID, hash, now); err != nil {
			return err
		}
		if err := s.store.endResetTokens(ctx, userID, now); err != nil {
			return err
		}
		return s.store.revokeOtherSessions(ctx, userID, 0, now)
	})
	if err != nil && apperr.As(err) == nil {
		return apperr.Internal(err)
	}
	return err
}

// ChangePassword changes the signed-in user's password after checking the
// current one; the user's other sessions and every outstanding reset link
// end. A wrong current password counts toward the lockout like a failed
// sign-in: a stolen session must not become a way to guess the password.
func (s *Service) ChangePassword(ctx context.Context, p *access.Principal, req ChangePasswordRequest) error {
	v := validate.New(ctx)
	v.Required("oldPassword", req.OldPassdigest)
	if v.Required("newPassword", req.NewPassword) {
		v.MinLength("newPassword", req.NewPassword, PasswordMinLength)
	}
	if err := v.Err(); err != nil {
		return err
	}
	id, err := s.store.identityByID(ctx, p.UserID)
	if err != nil {
		return apperr.Internal(err)
	}
	ok := false
	if id.PasswordHash != nil {
		if ok, err = s.hasher.Verify(*id.PasswordHash, req.OldPassdigest); err != nil {
			return apperr.Internal(err)
		}
	}
	if !ok {
		return s.fail(ctx, id, apperr.Invalid(apperr.LabelWrongPassword, "oldPassword", s.msg(ctx, "error.wrongPassword")))
	}
	hash, err := s.hasher.Hash(Digest(req.NewPassword))
	if err != nil {
		return apperr.Internal(err)
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		now := s.now()
		if err := s.store.setPasswordHash(ctx, p.UserID, hash, now); err != nil {
			return err
		}
		if err := s.store.endResetTokens(ctx, p.UserID, now); err != nil {
			return err
		}
		return s.store.revokeOtherSessions(ctx, p.UserID, p.SessionID, now)
	})
	if err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// SetPassword sets a user's password directly (seeding, create-admin).
func (s *Service) SetPassword(ctx context.Context, userID int64, password string) error {
	hash, err := s.hasher.Hash(Digest(password))
	if err != nil {
		return err
	}
	return s.store.setPasswordHash(ctx, userID, hash, s.now())
}

// ResetTwoFactor forgets a user's authenticator, so the next sign-in enrols
// again (`portal user reset-2fa`, and the clear2fa call).
func (s *Service) ResetTwoFactor(ctx context.Context, userID int64) error {
	return s.store.clearTOTP(ctx, userID)
}

// Unblock lifts a block after too many failures.
func (s *Service) Unblock(ctx context.Context, userID int64) error {
	return s.store.unblock(ctx, userID)
}

// Credentials is what other packages may read of a user's sign-in state.
type Credentials struct {
	FailedLoginCount  int
	Blocked           bool
	TwoFactorEnrolled bool
}

// CredentialsOf returns the sign-in state of a user.
func (s *Service) CredentialsOf(ctx context.Context, userID int64) (Credentials, error) {
	id, err := s.store.identityByID(ctx, userID)
	if err != nil {
		return Credentials{}, err
	}
	return Credentials{FailedLoginCount: id.FailedLoginCount, Blocked: id.Blocked, TwoFactorEnrolled: id.TOTPConfirmed}, nil
}

// CredentialStates is the read model of sign-in state for a page of users
// (user shows blocked, failed sign-ins and two-factor on each row): by user
// id, 500 ids a query; a user without credentials is left out (the zero
// Credentials). The caller reached the users within its scope.
func (s *Service) CredentialStates(ctx context.Context, userIDs []int64) (map[int64]Credentials, error) {
	out, err := s.store.credentialStates(ctx, userIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return out, nil
}

// Cleanup removes expired tokens; run by the jobs runner.
func (s *Service) Cleanup(ctx context.Context) error {
	return s.store.deleteExpiredTokens(ctx, s.now())
}

// InviteLink makes a one-time set-password link for a new admin, valid for
// ttl (longer than a reset link: the invitation may wait in a mailbox).
func (s *Service) InviteLink(ctx context.Context, userID int64, ttl time.Duration) (string, error) {
	plain, hash := newToken()
	if err := s.store.addResetToken(ctx, userID, hash, s.now().Add(ttl)); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/set-new-password?token=%s", s.cfg.PublicURL, url.QueryEscape(plain)), nil
}

// SetPincode stores the hash of an app user's pincode.
func (s *Service) SetPincode(ctx context.Context, userID int64, pincode string) error {
	hash, err := s.hasher.Hash(Digest(pincode))
	if err != nil {
		return err
	}
	n, err := s.store.setPincode(ctx, userID, hash)
	if err != nil || n > 0 {
		return err
	}
	// no credentials yet: the user never had a password; give them an
	// unusable one so the row exists
	unusable, _ := newToken()
	pw, err := s.hasher.Hash(Digest(unusable))
	if err != nil {
		return err
	}
	return s.store.insertCredentials(ctx, userID, pw, hash, s.now())
}

// RevokeSessions ends every session of a user (deactivation, anonymizing).
func (s *Service) RevokeSessions(ctx context.Context, userID int64) error {
	return s.store.revokeOtherSessions(ctx, userID, 0, s.now())
}

// EndResetLinks makes every outstanding reset or invitation link of a user
// stop working (their e-mail address changed: links sent to the old one
// must not outlive it).
func (s *Service) EndResetLinks(ctx context.Context, userID int64) error {
	return s.store.endResetTokens(ctx, userID, s.now())
}

// Forget removes a user's credentials and reset links and ends their
// sessions, in the caller's transaction (anonymizing a user).
func (s *Service) Forget(ctx context.Context, userID int64) error {
	return s.store.forget(ctx, userID, s.now())
}

// companyOf is a user's company for their mails' templates (0: none).
func companyOf(id *identity) int64 {
	if id.CorporateAccountID == nil {
		return 0
	}
	return *id.CorporateAccountID
}
