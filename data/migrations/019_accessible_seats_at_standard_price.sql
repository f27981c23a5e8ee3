-- A wheelchair space and its companion seat cost what a standard seat does, never more (decision 42): a hall's
-- price differences keep only the premium seats'.
update halls set type_extras = type_extras - 'wheelchair' - 'companion'
where type_extras ? 'wheelchair' or type_extras ? 'companion';
