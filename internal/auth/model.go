package auth

// LoginRequest is the sign-in payload (DESIGN.md).
type LoginRequest struct {
	Username   string `json:"username" required:"true"`
	Passdigest string `json:"passdigest" required:"true" maxLength:"64" description:"lowercase hex SHA-256 of the password's UTF-8 bytes"`
	Code2fa    string `json:"code2fa,omitempty" description:"the authenticator app's current code, when two-factor is required"`
}

// LoginResponse carries tokens, or, when a two-factor code is needed, no
// token and (on first use) the QR code to enrol with.
type LoginResponse struct {
	Token             string `json:"token,omitempty"`
	RefreshToken      string `json:"refreshToken,omitempty"`
	ExpiresIn         int    `json:"expiresIn,omitempty" description:"access token lifetime in seconds"`
	TwoFactorRequired bool   `json:"twoFactorRequired,omitempty"`
	QRCode2fa         string `json:"qrCode2fa,omitempty" description:"PNG data URL of the otpauth QR code, on enrolment only"`
	Secret2fa         string `json:"secret2fa,omitempty" description:"the base32 secret, for typing in by hand, on enrolment only"`
}

// TokenResponse is the answer of refreshToken.
type TokenResponse struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
	ExpiresIn    int    `json:"expiresIn"`
}

// ResetLoginRequest asks for the logins of an address to be mailed.
type ResetLoginRequest struct {
	Email string `json:"email" required:"true"`
}

// ResetPasswordRequest asks for a set-new-password link to be mailed.
type ResetPasswordRequest struct {
	Login string `json:"login" required:"true"`
}

// ConfirmResetRequest sets a new password with the mailed token.
type ConfirmResetRequest struct {
	Token       string `json:"token" required:"true"`
	NewPassword string `json:"newPassword" required:"true" minLength:"8"`
}

// ChangePasswordRequest changes the signed-in user's password. The new
// password travels in clear (over TLS) so its length rule is checked here.
type ChangePasswordRequest struct {
	OldPassdigest string `json:"oldPassdigest" required:"true" maxLength:"64"`
	NewPassword   string `json:"newPassword" required:"true" minLength:"8"`
}
