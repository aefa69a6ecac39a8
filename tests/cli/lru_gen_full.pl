#!/usr/bin/perl
# tests/cli/lru_gen_full.pl [--full] - does standard input read as Linux
# 6.1's /sys/kernel/debug/lru_gen (--full: lru_gen_full), line for line?
# Written from the format lru_gen_seq_show() and lru_gen_seq_show_full()
# print (6.1 mm/vmscan.c:5498-5604, CONFIG_MEMCG, NR_HIST_GENS 1), the
# way a tool reading the real file would take it:
#
#  - "memcg %5hu %s" (the cgroup's id and path), then " node %5d";
#  - per generation " %10lu %10u" (seq, age) and per type (anon, file)
#    " %10lu%c" (pages, 'x' after a retired generation in the full form);
#  - full form, after each generation: per tier "            %10d" then per
#    type three " %10lu%c", suffixes "RT " (max_seq), "rep" (the type's
#    min_seq) or blanks (zeros); then 22 blanks and six " %10lu%c",
#    suffixes "LOYNFA" under max_seq, blanks (zeros) elsewhere.
#
# Fields are fixed-width: every line is cut at its columns and each piece
# must be what the format prints.  Seqs go up by one, the last is max_seq;
# the full form starts at max_seq - 3 (or 0), the short one at
# min_seq[anon].  Prints "memcg ID PATH max_seq S anon N file M" (the
# pages added up); exit 1 with the first line that fails.
use strict;
use warnings;

my $full = @ARGV && $ARGV[0] eq '--full';
my @lines = <STDIN>;
chomp @lines;
my $n = 0;
sub bad { print STDERR "line ", $n, ": $_[0]: '", $lines[$n - 1] // '', "'\n"; exit 1 }
sub next_line { bad('the file ends early') if $n >= @lines; return $lines[$n++] }
# num TEXT WIDTH: a right-aligned unsigned number, exactly WIDTH wide
sub num {
	my ($s, $w) = @_;
	bad("a field is not a %${w}lu") unless length($s) == $w && $s =~ /^ *[0-9]+$/;
	return $s + 0;
}
# fields TEXT: the " %10lu%c" fields of TEXT: [value, suffix] each
sub fields {
	my ($s) = @_;
	bad('the fields are not " %10lu%c" each') if length($s) % 12;
	my @f;
	for (my $i = 0; $i < length $s; $i += 12) {
		my $f = substr($s, $i, 12);
		bad('a field does not start with a blank') unless substr($f, 0, 1) eq ' ';
		push @f, [num(substr($f, 1, 10), 10), substr($f, 11, 1)];
	}
	return @f;
}

my $l = next_line();
bad('no "memcg %5hu %s" header') unless $l =~ /^memcg (.{5}) (.*)$/;
my ($id, $path) = (num($1, 5), $2);
$l = next_line();
bad('no " node %5d" line') unless $l =~ /^ node (.{5})$/;
num($1, 5);

my (@gens, %pages);
while ($n < @lines) {
	$l = next_line();
	bad('a generation line is not " %10lu %10u" and two fields') unless length($l) == 46;
	my ($seq, $age) = (num(substr($l, 1, 10), 10), num(substr($l, 12, 10), 10));
	bad('a generation line does not start with a blank') unless substr($l, 0, 1) eq ' ';
	bad('seq and age are not apart') unless substr($l, 11, 1) eq ' ';
	bad('seqs do not go up by one') if @gens && $seq != $gens[-1]{seq} + 1;
	my @size = fields(substr($l, 22));
	my %g = (seq => $seq, retired => [map { $_->[1] eq 'x' } @size], tiers => [], walk => []);
	for my $t (0, 1) {
		my $mark = $size[$t][1];
		bad("a size's suffix is '$mark'") unless $mark eq ' ' || ($full && $mark eq 'x');
		bad('a retired generation has pages') if $mark eq 'x' && $size[$t][0];
		$pages{$t} += $size[$t][0];
	}
	if ($full) {
		for my $tier (0 .. 3) {
			$l = next_line();
			bad('a tier line is not 12 blanks, "%10d" and six fields') unless length($l) == 94;
			bad('a tier line does not start with 12 blanks') unless substr($l, 0, 12) eq ' ' x 12;
			bad("tier $tier is out of order") unless num(substr($l, 12, 10), 10) == $tier;
			my @f = fields(substr($l, 22));
			for my $t (0, 1) {
				my $s = join '', map { $_->[1] } @f[3 * $t .. 3 * $t + 2];
				bad("a tier's suffixes are '$s'") unless $s eq 'RT ' || $s eq 'rep' || $s eq '   ';
				bad('blank suffixes on a non-zero field')
				  if $s eq '   ' && grep { $_->[0] } @f[3 * $t .. 3 * $t + 2];
				bad('RT with a third field') if $s eq 'RT ' && $f[3 * $t + 2][0];
				bad('tier 0 has protected pages') if $s eq 'rep' && $tier == 0 && $f[3 * $t + 2][0];
				push @{$g{tiers}[$t]}, $s;
			}
		}
		$l = next_line();
		bad('the walk line is not 22 blanks and six fields') unless length($l) == 94;
		bad('the walk line does not start with 22 blanks') unless substr($l, 0, 22) eq ' ' x 22;
		my @w = fields(substr($l, 22));
		my $s = join '', map { $_->[1] } @w;
		bad("the walk's suffixes are '$s'") unless $s eq 'LOYNFA' || $s eq ' ' x 6;
		bad('blank suffixes on a non-zero walk count') if $s eq ' ' x 6 && grep { $_->[0] } @w;
		bad('more old and young leaves than leaves') if $s eq 'LOYNFA' && $w[1][0] + $w[2][0] > $w[0][0];
		$g{walk} = $s;
	}
	push @gens, \%g;
}
bad('no generation') unless @gens;
my $max_seq = $gens[-1]{seq};
bad('fewer than two generations') if @gens < 2;
if ($full) {
	my $first = $max_seq >= 3 ? $max_seq - 3 : 0;
	bad('the full form does not start at max_seq - 3') unless $gens[0]{seq} == $first;
	for my $i (0 .. $#gens) {
		my $g = $gens[$i];
		my $young = $g->{seq} == $max_seq;
		bad("seq $g->{seq}: LOYNFA not under max_seq alone") unless ($g->{walk} eq 'LOYNFA') == $young;
		for my $t (0, 1) {
			# a type's min_seq: its first generation not retired
			my $min = !$g->{retired}[$t] && ($i == 0 || $gens[$i - 1]{retired}[$t]);
			bad("seq $g->{seq}: retired after a live generation")
			  if $g->{retired}[$t] && $i && !$gens[$i - 1]{retired}[$t];
			my $want = $young ? 'RT ' : $min ? 'rep' : '   ';
			bad("seq $g->{seq}: tiers of type $t are not '$want'")
			  if grep { $_ ne $want } @{$g->{tiers}[$t]};
		}
	}
} else {
	bad('more than four generations') if @gens > 4;
}
print "memcg $id $path max_seq $max_seq anon $pages{0} file $pages{1}\n";
exit 0;
