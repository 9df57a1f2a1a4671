SELECT transform(members, member -> named_struct('company', member.company, 'address', member.company.address)) FROM teams
