def collect_reports(rows):
    found = []
    for row in rows:
        found.append(row)
    return found
