SELECT transform(team.members, member -> member.company.address) FROM organizations
