select input_file_name() from contacts
