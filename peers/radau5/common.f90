! common.f90 -- what the two RADAU5 drivers share (daebench's own code, not part
! of RADAU5): the process CPU clock, the command-line integers, the repetition
! rule of the timing, the report lines that scripts/cost.sh reads, and a SOLOUT
! that does nothing (IOUT = 0).
module peer_util
  implicit none
  ! NREP = 0: repeat the integration until this much CPU time has gone by
  double precision, parameter :: tauto = 0.05d0
  interface
    function cpusec() bind(c, name='cpusec_')
      use iso_c_binding, only: c_double
      real(c_double) :: cpusec
    end function
  end interface
contains
  ! median of a (insertion sort of a copy)
  double precision function median(a)
    double precision, intent(in) :: a(:)
    double precision b(size(a)), t
    integer i, j, n
    n = size(a); b = a
    do i = 2, n
      t = b(i); j = i - 1
      do while (j >= 1)
        if (b(j) <= t) exit
        b(j+1) = b(j); j = j - 1
      end do
      b(j+1) = t
    end do
    if (mod(n, 2) == 1) then
      median = b((n+1)/2)
    else
      median = 0.5d0*(b(n/2) + b(n/2+1))
    end if
  end function

  ! command-line argument k as a whole number in [lo, hi], def when absent;
  ! anything else: a one-line message and exit status 2
  integer function iarg(k, def, lo, hi)
    use iso_fortran_env, only: error_unit
    integer, intent(in) :: k, def, lo, hi
    character(len=64) :: s
    integer ios
    iarg = def
    if (command_argument_count() < k) return
    call get_command_argument(k, s)
    read(s, *, iostat=ios) iarg
    if (ios /= 0 .or. verify(trim(s), '0123456789-') /= 0 .or. iarg < lo .or. iarg > hi) then
      write(error_unit, '(a,i0,a,i0,a,i0,a)') 'argument ', k, ': expected a whole number in [', &
        lo, ', ', hi, '], got "' // trim(s) // '"'
      stop 2
    end if
  end function

  ! whether to integrate once more after k integrations of ttot seconds in all:
  ! nrep > 0 exactly nrep; nrep = 0 until ttot >= tauto (at least once)
  logical function more(k, nrep, ttot)
    integer, intent(in) :: k, nrep
    double precision, intent(in) :: ttot
    if (nrep > 0) then
      more = k < nrep
    else
      more = k < 1 .or. ttot < tauto
    end if
  end function

  ! ts(k) = t, ts grown (doubled) as needed
  subroutine keep(ts, k, t)
    double precision, allocatable, intent(inout) :: ts(:)
    integer, intent(in) :: k
    double precision, intent(in) :: t
    double precision, allocatable :: g(:)
    if (.not. allocated(ts)) allocate(ts(64))
    if (k > size(ts)) then
      allocate(g(2*size(ts)))
      g(1:size(ts)) = ts
      call move_alloc(g, ts)
    end if
    ts(k) = t
  end subroutine

  ! RADAU5's statistics (IWORK(14..20)), the line scripts/cost.sh reads naccpt from
  subroutine report_counts(idid, iwork)
    integer, intent(in) :: idid, iwork(:)
    write(*,'(a,i0,a,i0,a,i0,a,i0,a,i0,a,i0,a,i0,a,i0)') 'idid=', idid, ' nfcn=', iwork(14), &
      ' njac=', iwork(15), ' nstep=', iwork(16), ' naccpt=', iwork(17), ' nrejct=', iwork(18), &
      ' ndec=', iwork(19), ' nsol=', iwork(20)
  end subroutine

  ! after integration k: its CPU time (since t0) kept in ts and summed into
  ! ttot; a RADAU5 failure (IDID /= 1) ends the program with status 1
  subroutine integrated(prog, idid, ts, k, ttot, t0)
    use iso_fortran_env, only: error_unit
    character(*), intent(in) :: prog
    integer, intent(in) :: idid
    double precision, allocatable, intent(inout) :: ts(:)
    integer, intent(inout) :: k
    double precision, intent(inout) :: ttot
    double precision, intent(in) :: t0
    k = k + 1
    call keep(ts, k, cpusec() - t0)
    ttot = ttot + ts(k)
    if (idid /= 1) then
      write(error_unit, '(a,a,i0)') prog, ': RADAU5 failed, IDID = ', idid
      stop 1
    end if
  end subroutine

  ! the CPU time of the k integrations ts(1:k) of naccpt accepted steps each;
  ! scripts/cost.sh reads us_per_step_mean (the mean per integration / steps)
  subroutine report_timing(ts, k, naccpt)
    double precision, intent(in) :: ts(:)
    integer, intent(in) :: k, naccpt
    double precision ttot
    ttot = sum(ts(1:k))
    write(*,'(a,i0,a,es12.5,a,es12.5,a,es12.5)') 'nrep=', k, ' cpu_total=', ttot, &
      ' cpu_mean=', ttot/k, ' cpu_min=', minval(ts(1:k))
    write(*,'(a,f10.4,a,f10.4,a,f10.4)') 'us_per_step_mean=', 1.d6*ttot/k/naccpt, &
      ' us_per_step_min=', 1.d6*minval(ts(1:k))/naccpt, &
      ' us_per_step_median=', 1.d6*median(ts(1:k))/naccpt
  end subroutine
end module peer_util

! SOLOUT of deSolve's RADAU5 (never called with IOUT = 0)
subroutine soldum(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn)
  implicit none
  integer nr, lrc, n, ipar(*), irtrn
  double precision xold, x, y(n), cont(lrc), rpar(*)
end subroutine
