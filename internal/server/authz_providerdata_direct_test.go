package server_test

// The matrix's direct-payment settings (upload/directPayment/...): a
// company's per-kind "paid by the company" flag. The company comes from
// corporateAccountOspId (the matrix's tenant field); the flag is a data
// field the matrix cannot guess, so it is given here. Platform staff only:
// company admins are refused like any other caller.
func init() {
	sampleHooks = append(sampleHooks, func(_ *fixture, path, name, _ string) (any, bool) {
		if path == v1+"/upload/directPayment/update" && name == "paidByCompany" {
			return false, true
		}
		return nil, false
	})
}
