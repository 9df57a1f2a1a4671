select relatives["brother"].middle, relatives["brother"] from contacts where p=1
