package user

// ReadCSV reads an import CSV the way the user import does (UTF-8, an
// optional BOM, ; or , by the header line) and answers its records with
// the file line each starts on: trip's registrations import reads its
// files with it.
func ReadCSV(content []byte) (records [][]string, lines []int, err error) { return readCSV(content) }
