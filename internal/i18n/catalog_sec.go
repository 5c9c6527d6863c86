package i18n

// Texts of account security (issue 7): who may change whom.
func init() {
	register(map[string]map[Lang]string{
		"error.ADMIN_OUTRANKS_YOU": {
			EN: "This user holds a role you do not hold; only an administrator with all their roles may change them",
			NL: "Deze gebruiker heeft een rol die u niet hebt; alleen een beheerder met al hun rollen mag hen wijzigen",
			FR: "Cet utilisateur a un rôle que vous n'avez pas ; seul un administrateur ayant tous ses rôles peut le modifier",
		},
	})
}
