package i18n

// Texts of internal/trip's registrations and monthly run.
func init() {
	register(map[string]map[Lang]string{
		"error.TRIP_MONTH_PAID": {
			EN: "This month has already been paid for the user: its registrations can no longer change",
			NL: "Deze maand is al uitbetaald aan de gebruiker: de registraties ervan kunnen niet meer wijzigen",
			FR: "Ce mois a déjà été payé à l'utilisateur : ses enregistrements ne peuvent plus changer",
		},
		"error.TRIP_MODE_NOT_ALLOWED": {
			EN: "The company does not compensate this kind of trip, or the user may not register it",
			NL: "Het bedrijf vergoedt dit soort verplaatsing niet, of de gebruiker mag ze niet registreren",
			FR: "L'entreprise ne rembourse pas ce type de trajet, ou l'utilisateur ne peut pas l'enregistrer",
		},
		"error.TRIP_ALREADY_REGISTERED": {
			EN: "The user already has a commute in this direction (or a home-work day) on that day",
			NL: "De gebruiker heeft op die dag al een woon-werkverplaatsing in deze richting (of een thuiswerkdag)",
			FR: "L'utilisateur a déjà un trajet domicile-travail dans ce sens (ou un jour de télétravail) ce jour-là",
		},
		"error.TRIP_WRONG_STATUS": {
			EN: "The registration's status does not allow this",
			NL: "De status van de registratie laat dit niet toe",
			FR: "Le statut de l'enregistrement ne le permet pas",
		},
		"error.TRIP_IMPORT_FILE": {
			EN: "The file must be a CSV with the columns userOspId, date and kind and 1 to 500 rows",
			NL: "Het bestand moet een CSV zijn met de kolommen userOspId, date en kind en 1 tot 500 rijen",
			FR: "Le fichier doit être un CSV avec les colonnes userOspId, date et kind et de 1 à 500 lignes",
		},
		"trip.import.csv":           {EN: "The file must be a readable CSV file (UTF-8)", NL: "Het bestand moet een leesbaar CSV-bestand zijn (UTF-8)", FR: "Le fichier doit être un fichier CSV lisible (UTF-8)"},
		"trip.import.columns":       {EN: "The header must name the columns userOspId, date and kind", NL: "De kopregel moet de kolommen userOspId, date en kind bevatten", FR: "L'en-tête doit nommer les colonnes userOspId, date et kind"},
		"trip.import.rows":          {EN: "The file must hold 1 to %d rows", NL: "Het bestand moet 1 tot %d rijen bevatten", FR: "Le fichier doit contenir de 1 à %d lignes"},
		"trip.import.user":          {EN: "No app user of the company has this id", NL: "Geen app-gebruiker van het bedrijf heeft deze id", FR: "Aucun utilisateur de l'application de l'entreprise n'a cet identifiant"},
		"trip.import.sameAs":        {EN: "Same day and direction as line %d", NL: "Zelfde dag en richting als regel %d", FR: "Même jour et même sens que la ligne %d"},
		"trip.error.monthPaid":      {EN: "This month has already been paid for the user", NL: "Deze maand is al uitbetaald aan de gebruiker", FR: "Ce mois a déjà été payé à l'utilisateur"},
		"trip.error.modeNotAllowed": {EN: "The company does not compensate this, or the user may not register it", NL: "Het bedrijf vergoedt dit niet, of de gebruiker mag het niet registreren", FR: "L'entreprise ne le rembourse pas, ou l'utilisateur ne peut pas l'enregistrer"},
		"trip.error.duplicate":      {EN: "Already registered for the user on that day", NL: "Al geregistreerd voor de gebruiker op die dag", FR: "Déjà enregistré pour l'utilisateur ce jour-là"},
		"trip.error.wrongStatus":    {EN: "Not possible for a registration with status %s", NL: "Niet mogelijk voor een registratie met status %s", FR: "Impossible pour un enregistrement au statut %s"},
		"trip.rule.otherUser":       {EN: "The registration belongs to another user", NL: "De registratie hoort bij een andere gebruiker", FR: "L'enregistrement appartient à un autre utilisateur"},
		"trip.rule.appUser":         {EN: "Must be an app user of a company", NL: "Moet een app-gebruiker van een bedrijf zijn", FR: "Doit être un utilisateur de l'application d'une entreprise"},
		"trip.rule.kind":            {EN: "Kind must be COMMUTE, BUSINESS or HOME_WORK", NL: "Soort moet COMMUTE, BUSINESS of HOME_WORK zijn", FR: "Le type doit être COMMUTE, BUSINESS ou HOME_WORK"},
		"trip.rule.commuteMode":     {EN: "A commute is by bike, on foot or by car", NL: "Een woon-werkverplaatsing gaat per fiets, te voet of met de auto", FR: "Un trajet domicile-travail se fait à vélo, à pied ou en voiture"},
		"trip.rule.businessMode":    {EN: "A business trip is by private car, company car or bike", NL: "Een dienstverplaatsing gaat met de eigen wagen, de bedrijfswagen of de fiets", FR: "Un déplacement professionnel se fait en voiture privée, en voiture de société ou à vélo"},
		"trip.rule.direction":       {EN: "A commute is outbound or return", NL: "Een woon-werkverplaatsing is heen of terug", FR: "Un trajet domicile-travail est un aller ou un retour"},
		"trip.rule.noDirection":     {EN: "Only a commute has a direction", NL: "Alleen een woon-werkverplaatsing heeft een richting", FR: "Seul un trajet domicile-travail a un sens"},
		"trip.rule.noMode":          {EN: "A home-work day has no mode of transport", NL: "Een thuiswerkdag heeft geen vervoermiddel", FR: "Un jour de télétravail n'a pas de mode de transport"},
		"trip.rule.noDistance":      {EN: "A home-work day has no distance", NL: "Een thuiswerkdag heeft geen afstand", FR: "Un jour de télétravail n'a pas de distance"},
		"trip.rule.distance":        {EN: "The distance must be between 1 m and 1,000 km (a commute takes the distance valid on its date by default)", NL: "De afstand moet tussen 1 m en 1.000 km liggen (een woon-werkverplaatsing neemt standaard de afstand die op die dag geldt)", FR: "La distance doit être comprise entre 1 m et 1 000 km (un trajet domicile-travail prend par défaut la distance valable à sa date)"},
	})
}
