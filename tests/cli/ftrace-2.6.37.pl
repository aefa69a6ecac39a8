#!/usr/bin/perl
# tests/cli/ftrace-2.6.37.pl - does every line on standard input read as
# Linux 2.6.37's trace_pipe prints its vmscan tracepoints, the way that
# kernel's Documentation/trace/postprocess/trace-vmscan-postprocess.pl reads
# them?  Written here from the documented format, not taken from the script:
#
#  - a line is "%16s-%-5d [%03d] %5lu.%06lu: " (kernel/trace/trace_output.c,
#    trace_print_context: command, pid, cpu, seconds.microseconds), then the
#    event's name, ": ", and its TP_printk text;
#  - the post-processor turns each event's "print fmt" into a regular
#    expression by putting a group for each conversion: %d and %ld become
#    ([-0-9]*), %lu ([0-9]*), %s ([0-9a-zA-Z|_]*), %p ([0-9a-f]*).
#
# The print formats below are those of include/trace/events/vmscan.h in
# 2.6.37.  Every line must match its event's expression as a whole (the
# post-processor's are unanchored: this is stricter), the flags must be
# names of that kernel's flags, and the events must pair up as the
# post-processor pairs them (a kswapd_sleep after a kswapd_wake, a
# direct_reclaim_end after a direct_reclaim_begin of the same process).
# Each order-0 isolation scans at most the nr_requested it prints, and a
# direct reclaim follows its task's mm_vmscan_wakeup_kswapd (2.6.37
# __alloc_pages_slowpath() wakes kswapd first).  tests/cli/run.sh runs it
# over every shipped scenario under every policy, and checks the script's
# "pages scanned" (isolate_mode 0 and 2) against pgscan.
# Reads the files named (each a run of its own), or standard input.  Prints
# each line that fails and a count per event; exit 1 on any failure, or
# when an event named with --require never appears in any of them.
use strict;
use warnings;

my %print_fmt = (
	mm_vmscan_kswapd_sleep         => 'nid=%d',
	mm_vmscan_kswapd_wake          => 'nid=%d order=%d',
	mm_vmscan_wakeup_kswapd        => 'nid=%d zid=%d order=%d',
	mm_vmscan_direct_reclaim_begin => 'order=%d may_writepage=%d gfp_flags=%s',
	mm_vmscan_direct_reclaim_end   => 'nr_reclaimed=%lu',
	mm_vmscan_memcg_reclaim_begin  => 'order=%d may_writepage=%d gfp_flags=%s',
	mm_vmscan_memcg_reclaim_end    => 'nr_reclaimed=%lu',
	mm_vmscan_memcg_softlimit_reclaim_begin => 'order=%d may_writepage=%d gfp_flags=%s',
	mm_vmscan_memcg_softlimit_reclaim_end   => 'nr_reclaimed=%lu',
	mm_vmscan_memcg_isolate        => 'isolate_mode=%d order=%d nr_requested=%lu nr_scanned=%lu ' .
	                                  'nr_taken=%lu contig_taken=%lu contig_dirty=%lu contig_failed=%lu',
	mm_vmscan_lru_isolate          => 'isolate_mode=%d order=%d nr_requested=%lu nr_scanned=%lu ' .
	                                  'nr_taken=%lu contig_taken=%lu contig_dirty=%lu contig_failed=%lu',
	mm_vmscan_writepage            => 'page=%p pfn=%lu flags=%s',
	mm_vmscan_lru_shrink_inactive  => 'nid=%d zid=%d nr_scanned=%ld nr_reclaimed=%ld priority=%d flags=%s',
);
my %conversion = ('%d' => '([-0-9]*)', '%ld' => '([-0-9]*)', '%lu' => '([0-9]*)',
                  '%s' => '([0-9a-zA-Z|_]*)', '%p' => '([0-9a-f]*)');
my %regex;
for my $event (keys %print_fmt) {
	my $re = join '', map { exists $conversion{$_} ? $conversion{$_} : quotemeta $_ }
		split /(%l?[dus]|%p)/, $print_fmt{$event};
	$regex{$event} = qr/^$re$/;
}
my $line_re = qr/^\s*([a-zA-Z0-9-]*)-([0-9]+)\s*\[([0-9]{3})\]\s*([0-9]+\.[0-9]{6}): ([a-zA-Z_]+): (.*)$/;
my %reclaim_flag = map { $_ => 1 } qw(RECLAIM_WB_ANON RECLAIM_WB_FILE RECLAIM_WB_MIXED RECLAIM_WB_SYNC RECLAIM_WB_ASYNC);
my %gfp_flag = map { $_ => 1 } qw(GFP_HIGHUSER_MOVABLE GFP_HIGHUSER GFP_USER GFP_TEMPORARY GFP_KERNEL GFP_NOFS
	GFP_ATOMIC GFP_NOIO GFP_HIGH GFP_WAIT GFP_IO GFP_COLD GFP_NOWARN GFP_REPEAT GFP_NOFAIL GFP_NORETRY GFP_COMP
	GFP_ZERO GFP_NOMEMALLOC GFP_HARDWALL GFP_THISNODE GFP_RECLAIMABLE GFP_MOVABLE GFP_NOWAIT);

my (@require, $summary);
while (@ARGV && $ARGV[0] =~ /^--/) {
	my $opt = shift;
	if ($opt eq '--require') { push @require, shift } elsif ($opt eq '--summary') { $summary = 1 }
	else { die "$opt: unknown option\n" }
}
my (%count, %awake, %in_direct, %woken, %in_span, %isolated, %task);
my ($lines, $bad, $last_time, $file) = (0, 0, -1, '-');
sub bad { my ($why) = @_; $bad++; print "FAIL: $file:$.: $why: $_" if $bad <= 20; }
my @files = @ARGV ? @ARGV : ('-');
for $file (@files) {
my $in;
if ($file eq '-') { $in = \*STDIN } else { open $in, '<', $file or die "$file: $!\n" }
(%awake, %in_direct, %woken, %in_span, %isolated) = ();
$last_time = -1;
while (<$in>) {
	$lines++;
	my ($comm, $pid, $cpu, $time, $event, $details) = /$line_re/ or do { bad "not a trace line"; next };
	exists $regex{$event} or do { bad "not a 2.6.37 vmscan event"; next };
	my @v = $details =~ $regex{$event} or do { bad "the details do not match the print fmt of $event"; next };
	$count{$event}++;
	$time >= $last_time or bad "time goes backwards";
	$last_time = $time;
	my $task = "$comm-$pid";
	if ($event eq 'mm_vmscan_writepage' || $event eq 'mm_vmscan_lru_shrink_inactive') {
		$reclaim_flag{$_} or bad "unknown flag $_" for split /\|/, $v[-1];
	}
	summarise($task, $event, @v);
	# a cgroup's reclaim and a round of kswapd's soft-limit pass open and
	# close (2.6.37 vmscan.c:2075-2121), and every batch shrink_inactive_list()
	# reports was isolated first, from the zone or from a cgroup
	if ($event =~ /^mm_vmscan_memcg_(softlimit_)?reclaim_(begin|end)$/) {
		my $span = "$task " . ($1 // '');
		if ($2 eq 'begin') {
			$gfp_flag{$_} or bad "unknown gfp flag $_" for split /\|/, $v[2];
			!$in_span{$span}++ or bad "a memcg reclaim begins inside another";
		} else {
			$in_span{$span} or bad "a memcg reclaim ends without beginning";
			$in_span{$span} = 0;
		}
	}
	$isolated{$task} = 1 if $event eq 'mm_vmscan_lru_isolate' || $event eq 'mm_vmscan_memcg_isolate';
	if ($event eq 'mm_vmscan_lru_shrink_inactive') {
		$isolated{$task} or bad "a batch shrunk with no isolation before it";
		$isolated{$task} = 0;
	}
	# 2.6.37 __alloc_pages_slowpath() calls wake_all_kswapd() before it
	# reclaims, and wakeup_kswapd() prints its line whether or not kswapd
	# sleeps: the task's wakeup_kswapd comes first
	if ($event eq 'mm_vmscan_wakeup_kswapd') {
		$woken{$task} = 1;
	}
	if ($event eq 'mm_vmscan_direct_reclaim_begin') {
		$gfp_flag{$_} or bad "unknown gfp flag $_" for split /\|/, $v[2];
		!$in_direct{$task}++ or bad "direct reclaim begins twice";
		$woken{$task} or bad "direct reclaim begins with no mm_vmscan_wakeup_kswapd before it";
		$woken{$task} = 0;
	}
	if ($event eq 'mm_vmscan_direct_reclaim_end') {
		$in_direct{$task} or bad "direct reclaim ends without beginning";
		$in_direct{$task} = 0;
	}
	if ($event eq 'mm_vmscan_kswapd_wake') {
		!$awake{$task}++ or bad "kswapd woken while awake";
	}
	if ($event eq 'mm_vmscan_kswapd_sleep') {
		$awake{$task} or bad "kswapd sleeps without waking";
		$awake{$task} = 0;
	}
	if ($event eq 'mm_vmscan_lru_isolate' || $event eq 'mm_vmscan_memcg_isolate') {
		$v[0] =~ /^[012]$/ or bad "isolate_mode is not 0, 1 or 2";
		$v[4] <= $v[3] || $v[0] == 2 or bad "nr_taken over nr_scanned";
		# 2.6.37 isolate_lru_pages(): at order 0 the loop stops at
		# nr_to_scan, the nr_requested of its tracepoint; shrink_zone()
		# hands out at most SWAP_CLUSTER_MAX
		$v[1] != 0 || $v[3] <= $v[2] or bad "nr_scanned over nr_requested at order 0";
		$v[2] <= 32 or bad "nr_requested over SWAP_CLUSTER_MAX";
	}
}
close $in;
}
# The totals of 2.6.37's trace-vmscan-postprocess.pl, counted as it counts
# them: per task; a task's figures go to the direct reclaim totals if it
# began one, to kswapd's if it was woken; only mm_vmscan_lru_isolate lines
# of modes 0 and 2 count as scanned (the memcg events are unknown to it); a
# wake while awake is a re-wakeup, not a wakeup.
sub summarise {
	my ($t, $event, @v) = @_;
	my $s = $task{$t} //= {};
	if ($event eq 'mm_vmscan_direct_reclaim_begin') { $s->{direct}++ }
	elsif ($event eq 'mm_vmscan_wakeup_kswapd') { $s->{wakeup}++ }
	elsif ($event eq 'mm_vmscan_kswapd_wake') { $s->{wake}++ unless $s->{awake}; $s->{awake} = 1 }
	elsif ($event eq 'mm_vmscan_kswapd_sleep') { $s->{awake} = 0 }
	elsif ($event eq 'mm_vmscan_lru_isolate') { $s->{scanned} += $v[3] if $v[0] != 1 }
	elsif ($event eq 'mm_vmscan_lru_shrink_inactive') { $s->{reclaimed} += $v[3] }
	elsif ($event eq 'mm_vmscan_writepage') {
		my $key = ($v[2] =~ /RECLAIM_WB_SYNC/ ? 'sync' : 'async') . ($v[2] =~ /RECLAIM_WB_FILE/ ? '_file' : '_anon');
		$s->{$key}++;
	}
}
if ($summary) {
	my %total;
	for my $s (values %task) {
		for my $who ('direct', 'kswapd') {
			next unless $s->{$who eq 'direct' ? 'direct' : 'wake'};
			$total{"$who $_"} += $s->{$_} // 0 for qw(scanned reclaimed sync_file sync_anon async_file async_anon);
		}
		$total{direct} += $s->{direct} // 0;
		$total{wakeup} += $s->{wakeup} // 0 if $s->{direct};
		$total{wake} += $s->{wake} // 0;
	}
	my $t = sub { $total{$_[0]} // 0 };
	print "Summary\n";
	print "Direct reclaims: ", $t->('direct'), "\n";
	print "Direct reclaim pages scanned: ", $t->('direct scanned'), "\n";
	print "Direct reclaim pages reclaimed: ", $t->('direct reclaimed'), "\n";
	print "Direct reclaim write $_->[0] $_->[1] I/O: ", $t->("direct $_->[1]_$_->[0]"), "\n"
		for map { my $io = $_; map { [$_, $io] } qw(file anon) } qw(sync async);
	print "Wake kswapd requests: ", $t->('wakeup'), "\n";
	print "Kswapd wakeups: ", $t->('wake'), "\n";
	print "Kswapd pages scanned: ", $t->('kswapd scanned'), "\n";
	print "Kswapd pages reclaimed: ", $t->('kswapd reclaimed'), "\n";
	print "Kswapd reclaim write $_->[0] $_->[1] I/O: ", $t->("kswapd $_->[1]_$_->[0]"), "\n"
		for map { my $io = $_; map { [$_, $io] } qw(file anon) } qw(sync async);
	exit($bad ? 1 : 0);
}
for my $event (@require) {
	($count{$event} // 0) > 0 or do { $bad++; print "FAIL: no $event line\n" };
}
printf "%8d %s\n", $count{$_}, $_ for sort keys %count;
print "$lines lines, $bad failures\n";
exit($bad ? 1 : 0);
