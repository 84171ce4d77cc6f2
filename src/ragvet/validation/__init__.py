"""Judge validation on the user's own data (THELMA table 1 as a command).

`validation.pairs` builds better/worse pairs per THELMA dimension from records with the
paper's perturbations; `validation.agreement` reads the results of evaluating them and
gives, per dimension, the share of pairs where the better version scores strictly higher.
`ragvet pairs make` and `ragvet pairs agree` are the commands; docs/judge-validation.md.
"""
