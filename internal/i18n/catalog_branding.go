package i18n

// Texts of internal/branding: the colour field names and the image upload
// errors.
func init() {
	register(map[string]map[Lang]string{
		"field.brandColor":     {EN: "Brand colour", NL: "Merkkleur", FR: "Couleur de la marque"},
		"field.primaryColor":   {EN: "Primary colour", NL: "Primaire kleur", FR: "Couleur primaire"},
		"field.secondaryColor": {EN: "Secondary colour", NL: "Secundaire kleur", FR: "Couleur secondaire"},
		"field.variantColor":   {EN: "Variant colour", NL: "Variantkleur", FR: "Couleur variante"},
		"field.imageType":      {EN: "Image type", NL: "Type afbeelding", FR: "Type d'image"},

		"error.IMAGE_TOO_LARGE": {
			EN: "The image is too large: at most 1,000,000 bytes",
			NL: "De afbeelding is te groot: maximaal 1.000.000 bytes",
			FR: "L'image est trop volumineuse : 1 000 000 octets au maximum",
		},
		"error.IMAGE_UNSUPPORTED": {
			EN: "Only PNG, JPEG and SVG images are accepted",
			NL: "Alleen PNG-, JPEG- en SVG-afbeeldingen worden aanvaard",
			FR: "Seules les images PNG, JPEG et SVG sont acceptées",
		},
		"error.IMAGE_ONE_FILE": {
			EN: "Upload exactly one file",
			NL: "Laad precies één bestand op",
			FR: "Téléversez exactement un fichier",
		},
		"error.IMAGE_TYPE_NOT_ALLOWED": {
			EN: "This image type cannot be set here",
			NL: "Dit type afbeelding kan hier niet ingesteld worden",
			FR: "Ce type d'image ne peut pas être défini ici",
		},
	})
}
