package i18n

// Texts of internal/provfile, internal/voucher and internal/cambio:
// provider files' line reasons, vouchers and Cambio.
func init() {
	register(map[string]map[Lang]string{
		"provfile.csvOnly": {
			EN: "Only CSV files can be uploaded for this kind (see the template)",
			NL: "Voor dit soort bestand kunnen alleen CSV-bestanden opgeladen worden (zie het sjabloon)",
			FR: "Seuls des fichiers CSV peuvent être chargés pour ce type (voir le modèle)",
		},
		"provfile.sameAs": {
			EN: "Same key as line %d",
			NL: "Zelfde sleutel als regel %d",
			FR: "Même clé que la ligne %d",
		},
		"provfile.amount": {
			EN: "Must be an amount in euro above 0 and at most %d, with at most 2 decimals",
			NL: "Moet een bedrag in euro zijn boven 0 en hoogstens %d, met hoogstens 2 decimalen",
			FR: "Doit être un montant en euros supérieur à 0 et au plus %d, avec au plus 2 décimales",
		},
		"provfile.date": {
			EN: "Must be a date yyyy-MM-dd between 2000 and 2099",
			NL: "Moet een datum jjjj-MM-dd tussen 2000 en 2099 zijn",
			FR: "Doit être une date aaaa-MM-jj entre 2000 et 2099",
		},
		"provfile.month": {
			EN: "Must be a month yyyy-MM between 2000 and 2099",
			NL: "Moet een maand jjjj-MM tussen 2000 en 2099 zijn",
			FR: "Doit être un mois aaaa-MM entre 2000 et 2099",
		},
		"provfile.future": {
			EN: "May not lie in the future",
			NL: "Mag niet in de toekomst liggen",
			FR: "Ne peut pas être dans le futur",
		},
		"provfile.tooOld": {
			EN: "May not lie more than %d years back",
			NL: "Mag niet meer dan %d jaar terug liggen",
			FR: "Ne peut pas remonter à plus de %d ans",
		},
		"provfile.text": {
			EN: "At most %d characters, without control characters",
			NL: "Hoogstens %d tekens, zonder stuurtekens",
			FR: "Au plus %d caractères, sans caractères de contrôle",
		},
		"provfile.count": {
			EN: "Must be a whole number from 0 to %d",
			NL: "Moet een geheel getal van 0 tot %d zijn",
			FR: "Doit être un nombre entier de 0 à %d",
		},
		"provfile.vat": {
			EN: "Must be a VAT percentage from 0 to 100 with at most 2 decimals",
			NL: "Moet een btw-percentage van 0 tot 100 zijn met hoogstens 2 decimalen",
			FR: "Doit être un pourcentage de TVA de 0 à 100 avec au plus 2 décimales",
		},
		"voucher.rule.code": {
			EN: "A code has 4 to 40 characters: letters A-Z, digits and -",
			NL: "Een code heeft 4 tot 40 tekens: letters A-Z, cijfers en -",
			FR: "Un code a de 4 à 40 caractères : lettres A-Z, chiffres et -",
		},
		"voucher.rule.untilBeforeFrom": {
			EN: "Must be on or after validFrom",
			NL: "Moet op of na validFrom liggen",
			FR: "Doit être égale ou postérieure à validFrom",
		},
		"voucher.rule.user": {
			EN: "Not an app user of this company",
			NL: "Geen app-gebruiker van dit bedrijf",
			FR: "N'est pas un utilisateur de l'app de cette entreprise",
		},
		"voucher.rule.codeTaken": {
			EN: "This code belongs to a voucher of another company",
			NL: "Deze code hoort bij een voucher van een ander bedrijf",
			FR: "Ce code appartient à un bon d'une autre entreprise",
		},
		"voucher.already": {
			EN: "Already stored by an earlier file; nothing changed",
			NL: "Al opgeslagen door een eerder bestand; niets gewijzigd",
			FR: "Déjà enregistré par un fichier précédent ; rien n'a changé",
		},
		"voucher.rule.redeemed": {
			EN: "%s: this voucher has already been redeemed",
			NL: "%s: deze voucher werd al ingewisseld",
			FR: "%s : ce bon a déjà été utilisé",
		},
		"voucher.rule.notValidToday": {
			EN: "%s: this voucher is valid from %s until %s",
			NL: "%s: deze voucher is geldig van %s tot %s",
			FR: "%s : ce bon est valable du %s au %s",
		},
		"voucher.rule.notTheirs": {
			EN: "%s: this voucher belongs to another user or company",
			NL: "%s: deze voucher hoort bij een andere gebruiker of een ander bedrijf",
			FR: "%s : ce bon appartient à un autre utilisateur ou à une autre entreprise",
		},
		"voucher.rule.inactive": {
			EN: "%s: the user is not active",
			NL: "%s: de gebruiker is niet actief",
			FR: "%s : l'utilisateur n'est pas actif",
		},
		"cambio.line.noUser": {
			EN: "No app user has this e-mail address; left for a later process",
			NL: "Geen app-gebruiker heeft dit e-mailadres; blijft staan voor een latere verwerking",
			FR: "Aucun utilisateur de l'app n'a cette adresse e-mail ; laissé pour un traitement ultérieur",
		},
		"cambio.line.ambiguous": {
			EN: "Several app users have this e-mail address; left for a later process",
			NL: "Meerdere app-gebruikers hebben dit e-mailadres; blijft staan voor een latere verwerking",
			FR: "Plusieurs utilisateurs de l'app ont cette adresse e-mail ; laissé pour un traitement ultérieur",
		},
		"cambio.line.noBudget": {
			EN: "The user has no budget paid by the company; left for a later process",
			NL: "De gebruiker heeft geen budget dat het bedrijf betaalt; blijft staan voor een latere verwerking",
			FR: "L'utilisateur n'a aucun budget payé par l'entreprise ; laissé pour un traitement ultérieur",
		},
		"cambio.line.already": {
			EN: "This invoice line was booked before; nothing booked twice",
			NL: "Deze factuurregel werd al geboekt; niets twee keer geboekt",
			FR: "Cette ligne de facture a déjà été comptabilisée ; rien n'est comptabilisé deux fois",
		},
		"cambio.line.co2Already": {
			EN: "This user's figures for this month were stored before; nothing changed",
			NL: "De cijfers van deze gebruiker voor deze maand werden al opgeslagen; niets gewijzigd",
			FR: "Les chiffres de cet utilisateur pour ce mois ont déjà été enregistrés ; rien n'a changé",
		},
		"cambio.rule.months": {
			EN: "fromMonth and toMonth must be months yyyy-MM, toMonth not before fromMonth and at most 24 months after it",
			NL: "fromMonth en toMonth moeten maanden jjjj-MM zijn, toMonth niet voor fromMonth en hoogstens 24 maanden erna",
			FR: "fromMonth et toMonth doivent être des mois aaaa-MM, toMonth pas avant fromMonth et au plus 24 mois après",
		},
	})
}
